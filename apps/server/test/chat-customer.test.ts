import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_CHARACTERS } from '@mekong/contracts/chat';
import {
  chatApi,
  chatUpload,
  clientId,
  GIF,
  history,
  MOV,
  MP4,
  newGuest,
  send,
  setChatEnabled,
  text,
} from './support/chat.ts';
import { signedInMember } from './support/members.ts';
import { blackPng } from './support/slips.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setChatEnabled(t, true);
});
afterAll(async () => {
  await t.close();
});

const guestWho = async () => ({ guestToken: (await newGuest(t)).guestToken });

describe('the chat widget switch', () => {
  it('answers CHAT_DISABLED to every call but config while it is off', async () => {
    const guest = await guestWho();
    await setChatEnabled(t, false);
    try {
      const config = await t.api('GET', '/api/chat/config');
      expect(config.json()).toEqual({ PREFIX: 'mekong-chat-', enabled: false });
      const calls = [
        t.api('POST', '/api/chat/guest'),
        chatApi(t, 'POST', '/api/chat/send-message', guest, {
          clientId: clientId(),
          message: text('hi'),
        }),
        chatApi(t, 'POST', '/api/chat/history', guest, {}),
        chatApi(t, 'PUT', '/api/chat/read-customer/', guest, {}),
        chatApi(t, 'POST', '/api/chat/claim-guest', guest, { guestToken: guest.guestToken }),
        chatUpload(t, '/api/chat/upload-image', guest, { bytes: blackPng(2, 2) }),
        chatUpload(t, '/api/chat/upload-video', guest, {
          bytes: MP4,
          filename: 'a.mp4',
          type: 'video/mp4',
        }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ message: 'CHAT_DISABLED' });
      }
    } finally {
      await setChatEnabled(t, true);
    }
    expect((await t.api('GET', '/api/chat/config')).json()).toEqual({
      PREFIX: 'mekong-chat-',
      enabled: true,
    });
  });
});

describe('identities', () => {
  it('a guest gets a random id and a signed token', async () => {
    const a = await newGuest(t);
    const b = await newGuest(t);
    expect(a.guestId).toMatch(/^g_[A-Za-z0-9_-]{22}$/);
    expect(a.guestId).not.toBe(b.guestId);
    expect(a.guestToken.startsWith(`${a.guestId}.`)).toBe(true);
  });

  it('refuses no identity, a forged, a tampered and an expired guest token', async () => {
    const body = { skip: 0 };
    const none = await chatApi(t, 'POST', '/api/chat/history', null, body);
    expect(none.json()).toEqual({ message: 'CHAT_UNAUTHORIZED' });
    const { guestId, guestToken } = await newGuest(t);
    const [, expiry] = guestToken.split('.');
    const forged = `${guestId}.${expiry}.${'A'.repeat(43)}`;
    const other = (await newGuest(t)).guestId;
    const swapped = guestToken.replace(guestId, other);
    for (const bad of [
      forged,
      swapped,
      'garbage',
      `${guestId}.9999999999999.${guestToken.split('.')[2]}`,
    ]) {
      const r = await chatApi(t, 'POST', '/api/chat/history', { guestToken: bad }, body);
      expect(r.statusCode, bad).toBe(401);
      expect(r.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
    }
    t.clock.advance(91 * 24 * 60 * 60_000);
    try {
      const expired = await chatApi(t, 'POST', '/api/chat/history', { guestToken }, body);
      expect(expired.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
    } finally {
      t.clock.advance(-91 * 24 * 60 * 60_000);
    }
  });

  it('refuses another member or guest id in the body (CHAT_FORBIDDEN)', async () => {
    const member = await signedInMember(t);
    const guest = await newGuest(t);
    const other = await newGuest(t);
    const cases = [
      chatApi(t, 'POST', '/api/chat/history', { token: member.token }, { userId: 'SOMEONE1' }),
      chatApi(t, 'POST', '/api/chat/history', { token: member.token }, { guestId: other.guestId }),
      chatApi(t, 'POST', '/api/chat/history', guest, { guestId: other.guestId }),
      chatApi(t, 'POST', '/api/chat/history', guest, { userId: member.publicId }),
      chatApi(t, 'PUT', '/api/chat/read-customer/', guest, { guestId: other.guestId }),
      chatApi(t, 'POST', '/api/chat/send-message', guest, {
        clientId: clientId(),
        message: text('x'),
        guestId: other.guestId,
      }),
    ];
    for (const r of await Promise.all(cases))
      expect(r.json()).toEqual({ message: 'CHAT_FORBIDDEN' });
    const own = await chatApi(
      t,
      'POST',
      '/api/chat/history',
      { token: member.token },
      { userId: member.publicId },
    );
    expect(own.statusCode).toBe(200);
    const ownGuest = await chatApi(t, 'POST', '/api/chat/history', guest, {
      guestId: guest.guestId,
      userId: null,
    });
    expect(ownGuest.statusCode).toBe(200);
  });

  it('limits new guests per address (5 a minute)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) await newGuest(t, ip);
    const started = t.clock.now().getTime();
    const sixth = await t.api('POST', '/api/chat/guest', { ip });
    expect(sixth.statusCode).toBe(429);
    expectLimitUntil(sixth, started);
  });
});

describe('messages', () => {
  it('stores a message once per client id (a resend answers the stored one)', async () => {
    const guest = await guestWho();
    const id = clientId();
    const first = await send(t, guest, text('hello'), id);
    const again = await send(t, guest, text('hello'), id);
    expect(again._id).toBe(first._id);
    expect(again.createdAt).toBe(first.createdAt);
    const page = await history(t, guest);
    expect(page.total).toBe(1);
    expect(page.messages[0]).toMatchObject({ _id: first._id, clientId: id, sender: 'customer' });
  });

  it('accepts 2000 characters and line feeds, refuses 2001 and control characters, ignores empty', async () => {
    const guest = await guestWho();
    await send(t, guest, text('x'.repeat(CHAT_MESSAGE_MAX_CHARACTERS)));
    await send(t, guest, text('line one\nline two'));
    const long = await chatApi(t, 'POST', '/api/chat/send-message', guest, {
      clientId: clientId(),
      message: text('x'.repeat(CHAT_MESSAGE_MAX_CHARACTERS + 1)),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'CHAT_MESSAGE_TOO_LONG' });
    for (const bad of ['a\u0000b', 'tab\there', 'bell\u0007', 'c1\u0085']) {
      const r = await chatApi(t, 'POST', '/api/chat/send-message', guest, {
        clientId: clientId(),
        message: text(bad),
      });
      expect(r.json(), JSON.stringify(bad)).toEqual({ message: 'INVALID_CHARACTERS' });
    }
    // Invisible characters alone are no text either (issue 27): zero-width space, joiners, BOM, Hangul fillers.
    for (const empty of [
      '',
      '   ',
      '\n\n',
      '\u200b',
      '\u200b\u200c\u200d\u2060\ufeff',
      '\u3164 \uffa0',
    ]) {
      const r = await chatApi(t, 'POST', '/api/chat/send-message', guest, {
        clientId: clientId(),
        message: text(empty),
      });
      expect(r.statusCode).toBe(200);
      expect(r.json<{ message: { _id: string } }>().message._id).toBe('');
    }
    expect((await history(t, guest)).total).toBe(2);
  });

  it('a customer sends text, media and postback; other types are CHAT_MESSAGE_INVALID', async () => {
    const guest = await guestWho();
    await send(t, guest, { message_type: 'postback', payload: { title: 'Yes', payload: 'YES' } });
    const buttons = {
      message_type: 'buttons',
      payload: { message: 'pick', buttons: [{ title: 'a', payload: 'a' }] },
    };
    const r = await chatApi(t, 'POST', '/api/chat/send-message', guest, {
      clientId: clientId(),
      message: buttons,
    });
    expect(r.json()).toEqual({ message: 'CHAT_MESSAGE_INVALID' });
    const badId = await chatApi(t, 'POST', '/api/chat/send-message', guest, {
      clientId: 'no',
      message: text('x'),
    });
    expect(badId.json()).toEqual({ message: 'CHAT_MESSAGE_INVALID' });
  });

  it('history is newest first in pages of 10', async () => {
    const guest = await guestWho();
    for (let i = 1; i <= 12; i += 1) {
      await send(t, guest, text(`m${i}`));
      t.clock.advance(1000);
    }
    const first = await history(t, guest);
    expect(first.total).toBe(12);
    expect(first.messages.map((m) => m.message.payload.message)).toEqual([
      'm12',
      'm11',
      'm10',
      'm9',
      'm8',
      'm7',
      'm6',
      'm5',
      'm4',
      'm3',
    ]);
    const second = await history(t, guest, 10);
    expect(second.messages.map((m) => m.message.payload.message)).toEqual(['m2', 'm1']);
    const defaults = await chatApi(t, 'POST', '/api/chat/history', guest, {});
    expect(defaults.json<{ messages: unknown[] }>().messages).toHaveLength(10);
  });

  it('limits messages per sender (30 a minute)', async () => {
    const guest = await guestWho();
    for (let i = 0; i < 30; i += 1) await send(t, guest, text(`n${i}`));
    const over = await chatApi(t, 'POST', '/api/chat/send-message', guest, {
      clientId: clientId(),
      message: text('one more'),
    });
    expect(over.statusCode).toBe(429);
    expectLimitUntil(over, t.clock.now().getTime());
    t.clock.advance(61_000);
    await send(t, guest, text('after a minute'));
  });

  it('read-customer records the read mark', async () => {
    const guest = await guestWho();
    await send(t, guest, text('hi'));
    const r = await chatApi(t, 'PUT', '/api/chat/read-customer/', guest, {});
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ readAt: t.clock.now().toISOString() });
  });
});

describe('media', () => {
  it('uploads an image, sends it, and serves it at its unguessable address', async () => {
    const guest = await guestWho();
    const png = blackPng(20, 10);
    const up = await chatUpload(t, '/api/chat/upload-image', guest, { bytes: png });
    expect(up.statusCode, up.body).toBe(200);
    const { path, url, fileType } = up.json<{ path: string; url: string; fileType: string }>();
    expect(fileType).toBe('image');
    expect(path).toMatch(/^media\/[A-Za-z0-9_-]{43}$/);
    const stored = await send(t, guest, {
      message_type: 'media',
      payload: {
        url: 'http://evil.example/x.png',
        fileType: 'video',
        filePath: path,
        message: 'my slip',
      },
    });
    expect(stored.message.payload).toEqual({
      url,
      fileType: 'image',
      filePath: path,
      message: 'my slip',
    });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: `/api/chat/media/${'A'.repeat(43)}` });
    expect(missing.json()).toEqual({ message: 'CHAT_MEDIA_NOT_FOUND' });
  });

  it('accepts gif images, mp4 and quicktime videos by their bytes', async () => {
    const guest = await guestWho();
    const gif = await chatUpload(t, '/api/chat/upload-image', guest, {
      bytes: GIF,
      filename: 'a.gif',
      type: 'image/gif',
    });
    expect(gif.json(), gif.body).toMatchObject({ fileType: 'image' });
    for (const [bytes, name] of [
      [MP4, 'a.mp4'],
      [MOV, 'a.mov'],
    ] as const) {
      const r = await chatUpload(t, '/api/chat/upload-video', guest, {
        bytes,
        filename: name,
        type: 'video/mp4',
      });
      expect(r.json(), r.body).toMatchObject({ fileType: 'video' });
      const served = await t.app.inject({ method: 'GET', url: r.json<{ url: string }>().url });
      expect(served.headers['content-type']).toBe(
        name === 'a.mp4' ? 'video/mp4' : 'video/quicktime',
      );
    }
  });

  it('refuses by the bytes, not the name: a text file named .png, an image sent as video', async () => {
    const guest = await guestWho();
    const fake = await chatUpload(t, '/api/chat/upload-image', guest, {
      bytes: Buffer.from('just some text, not an image at all\n'),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ message: 'CHAT_FILE_NOT_SUPPORTED' });
    const pngAsVideo = await chatUpload(t, '/api/chat/upload-video', guest, {
      bytes: blackPng(2, 2),
      filename: 'a.mp4',
      type: 'video/mp4',
    });
    expect(pngAsVideo.json()).toEqual({ message: 'CHAT_FILE_NOT_SUPPORTED' });
    const mp4AsImage = await chatUpload(t, '/api/chat/upload-image', guest, { bytes: MP4 });
    expect(mp4AsImage.json()).toEqual({ message: 'CHAT_FILE_NOT_SUPPORTED' });
    const notMultipart = await chatApi(t, 'POST', '/api/chat/upload-image', guest, {});
    expect(notMultipart.json()).toEqual({ message: 'CHAT_FILE_REQUIRED' });
  });

  it('refuses an image over 10 MB and a video over 20 MB, and over 16 megapixels by the header', async () => {
    const guest = await guestWho();
    const bigImage = Buffer.concat([blackPng(2, 2), Buffer.alloc(10 * 1024 * 1024)]);
    const image = await chatUpload(t, '/api/chat/upload-image', guest, { bytes: bigImage });
    expect(image.statusCode).toBe(413);
    expect(image.json()).toEqual({ message: 'CHAT_FILE_TOO_LARGE' });
    // Storing bytes into the in-memory PGlite takes seconds per MB, so accepted files here stay small.
    const justUnder = Buffer.concat([blackPng(2, 2), Buffer.alloc(512 * 1024)]);
    const under = await chatUpload(t, '/api/chat/upload-image', guest, { bytes: justUnder });
    expect(under.statusCode, under.body).toBe(200);
    const bigVideo = Buffer.concat([MP4, Buffer.alloc(20 * 1024 * 1024)]);
    const video = await chatUpload(t, '/api/chat/upload-video', guest, {
      bytes: bigVideo,
      filename: 'a.mp4',
      type: 'video/mp4',
    });
    expect(video.json()).toEqual({ message: 'CHAT_FILE_TOO_LARGE' });
    const underVideo = Buffer.concat([MP4, Buffer.alloc(512 * 1024)]);
    const okVideo = await chatUpload(t, '/api/chat/upload-video', guest, {
      bytes: underVideo,
      filename: 'a.mp4',
      type: 'video/mp4',
    });
    expect(okVideo.statusCode, okVideo.body).toBe(200);
    const huge = await chatUpload(t, '/api/chat/upload-image', guest, {
      bytes: blackPng(5000, 4000),
    });
    expect(huge.json()).toEqual({ message: 'IMAGE_SIZE_UNPROCESSABLE' });
  });

  it('a customer may only send media of their own conversation', async () => {
    const owner = await guestWho();
    const thief = await guestWho();
    const up = await chatUpload(t, '/api/chat/upload-image', owner, { bytes: blackPng(3, 3) });
    const { path, url } = up.json<{ path: string; url: string }>();
    const r = await chatApi(t, 'POST', '/api/chat/send-message', thief, {
      clientId: clientId(),
      message: { message_type: 'media', payload: { url, fileType: 'image', filePath: path } },
    });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ message: 'CHAT_MEDIA_NOT_FOUND' });
  });
});

describe('a guest signs in', () => {
  it("moves the guest's conversation to the member; the guest token is refused after", async () => {
    const guest = await newGuest(t);
    const who = { guestToken: guest.guestToken };
    await send(t, who, text('as a guest 1'));
    t.clock.advance(1000);
    const up = await chatUpload(t, '/api/chat/upload-image', who, { bytes: blackPng(4, 4) });
    await send(t, who, {
      message_type: 'media',
      payload: {
        url: up.json<{ url: string }>().url,
        fileType: 'image',
        filePath: up.json<{ path: string }>().path,
      },
    });
    t.clock.advance(1000);
    const member = await signedInMember(t);
    const memberWho = { token: member.token };
    await send(t, memberWho, text('as a member'));
    const claim = await chatApi(t, 'POST', '/api/chat/claim-guest', memberWho, {
      guestToken: guest.guestToken,
    });
    expect(claim.json(), claim.body).toEqual({ moved: 2 });
    const page = await history(t, memberWho);
    expect(page.total).toBe(3);
    expect(
      page.messages.map((m) => m.message.payload.message ?? m.message.payload.fileType),
    ).toEqual(['as a member', 'image', 'as a guest 1']);
    expect(page.messages.every((m) => m.userId === member.publicId && m.guestId === null)).toBe(
      true,
    );
    const again = await chatApi(t, 'POST', '/api/chat/claim-guest', memberWho, {
      guestToken: guest.guestToken,
    });
    expect(again.json()).toEqual({ moved: 0 });
    const stale = await chatApi(t, 'POST', '/api/chat/send-message', who, {
      clientId: clientId(),
      message: text('still here?'),
    });
    expect(stale.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
    const otherMember = await signedInMember(t);
    const stolen = await chatApi(
      t,
      'POST',
      '/api/chat/claim-guest',
      { token: otherMember.token },
      { guestToken: guest.guestToken },
    );
    expect(stolen.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
  });

  it('claim needs a member and a valid guest token', async () => {
    const guest = await newGuest(t);
    const asGuest = await chatApi(
      t,
      'POST',
      '/api/chat/claim-guest',
      { guestToken: guest.guestToken },
      { guestToken: guest.guestToken },
    );
    expect(asGuest.json()).toEqual({ message: 'CHAT_UNAUTHORIZED' });
    const member = await signedInMember(t);
    const forged = await chatApi(
      t,
      'POST',
      '/api/chat/claim-guest',
      { token: member.token },
      { guestToken: 'g_x.1.y' },
    );
    expect(forged.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
  });
});

/** A chat limit says when it ends: within the minute of its window (body retryAt and Retry-After agree). */
function expectLimitUntil(
  response: { json(): unknown; headers: Record<string, unknown> },
  windowStartMs: number,
) {
  const body = response.json() as { message: string; retryAt: string };
  expect(body.message).toBe('CHAT_RATE_LIMITED');
  const until = Date.parse(body.retryAt);
  expect(until).toBeGreaterThan(windowStartMs);
  expect(until).toBeLessThanOrEqual(windowStartMs + 60_000);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}
