import type { RouteObject } from 'react-router';
import { MobileHome } from '../mobile-home';

/**
 * The phone's home, part of the layout's chunk: the page most visits start on paints without
 * another round trip (it reads the server only after its first paint), and without the page table
 * (use-mobile-table.ts). The same element in both, so the table's arrival does not remount it.
 */
export const homeRoute: RouteObject = { index: true, element: <MobileHome />, handle: { title: 'routes.home', tab: 'home' } };
export const homeOnly: RouteObject[] = [homeRoute];
