import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { pgliteTemplate } from './pglite-template.ts';

/**
 * One database per test run. Embedded PGlite by default (a fresh data dir holding a copy of the
 * migrated template, pglite-template.ts, so neither this nor the worker migrates); with DATABASE_URL, a fresh database on that PostgreSQL server,
 * dropped again at the end, so runs never see each other's rows.
 */
export default async function setup() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'livesports-test-'));
  process.env.TEST_DATA_DIR = dataDir;
  const serverUrl = process.env.DATABASE_URL;
  let dbName: string | undefined;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    dbName = `livesports_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    process.env.TEST_DATABASE_URL = url.toString();
  } else {
    const template = await pgliteTemplate();
    await fs.cp(template, path.join(dataDir, 'pglite'), { recursive: true });
    // For tests that start a site of their own on PGlite (helpers' ownDataDir()).
    process.env.TEST_PGLITE_TEMPLATE = template;
  }
  const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir });
  await database.close();

  return async () => {
    if (serverUrl && dbName) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
