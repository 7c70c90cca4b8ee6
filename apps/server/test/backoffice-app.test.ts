import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

describe('back-office app (docs/decisions/0014-back-office.md)', () => {
  it('serves the built back office under /backoffice, never cached nor indexed, with history fallback', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mekong-backoffice-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="backoffice"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const app = await createTestApp({ BACKOFFICE_DIST_DIR: dist });
    try {
      for (const url of [
        '/backoffice',
        '/backoffice/',
        '/backoffice/index.html',
        '/backoffice/members/1',
      ]) {
        const response = await app.api('GET', url, { isWithoutMarker: true });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('<div id="backoffice">');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      }
      const asset = await app.api('GET', '/backoffice/assets/index-abc123.js', {
        isWithoutMarker: true,
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await app.api('GET', '/backoffice/favicon.svg', { isWithoutMarker: true });
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('says to build the back office when its dist folder is missing', async () => {
    const app = await createTestApp({
      BACKOFFICE_DIST_DIR: path.join(tmpdir(), 'mekong-no-such-dir'),
    });
    try {
      const response = await app.api('GET', '/backoffice/', { isWithoutMarker: true });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('The back office is not built yet');
    } finally {
      await app.close();
    }
  });
});
