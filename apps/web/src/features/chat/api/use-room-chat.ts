import { useEffect } from 'react';
import { imConnection, useChatStore } from './im-client';

/** Spec: the chat login runs 500 ms after the room mounts (the player and page come first). */
export const CHAT_LOGIN_DELAY_MS = 500;

// The panel and the danmaku layer both use the room's chat; the side column goes away in theater
// mode, so the connection is counted: it opens with the first user and closes after the last.
let users = 0;
let openTimer: ReturnType<typeof setTimeout> | null = null;

export function useRoomChat(groupId: number) {
  useEffect(() => {
    if (!(groupId > 0)) return;
    users++;
    if (users === 1 || useChatStore.getState().groupId !== groupId) {
      if (openTimer) clearTimeout(openTimer);
      openTimer = setTimeout(() => {
        openTimer = null;
        imConnection.open(groupId);
      }, CHAT_LOGIN_DELAY_MS);
    }
    return () => {
      users--;
      if (users > 0) return;
      if (openTimer) clearTimeout(openTimer);
      openTimer = null;
      imConnection.close();
    };
  }, [groupId]);
}

export const sendChat = (text: string) => imConnection.send(text);
export const sendDirect = (to: number, text: string) => imConnection.sendDirect(to, text);
