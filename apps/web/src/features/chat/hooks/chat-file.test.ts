import { describe, expect, it } from 'vitest';
import { checkChatFile } from '@/features/chat/hooks/chat-file';

const MB = 1024 * 1024;

describe('checkChatFile (docs/spec.md §5)', () => {
  it.each(['photo.png', 'photo.JPG', 'photo.jpeg', 'anim.gif'])('takes the image %s', (name) => {
    expect(checkChatFile({ name, size: 1000 })).toEqual({ isAccepted: true, kind: 'image' });
  });

  it.each(['clip.mp4', 'clip.MOV'])('takes the video %s', (name) => {
    expect(checkChatFile({ name, size: 1000 })).toEqual({ isAccepted: true, kind: 'video' });
  });

  it.each(['photo', '.png', 'photo.', 'notes.txt', 'photo.webp', 'archive.png.zip'])('refuses %s (no ending or another type)', (name) => {
    expect(checkChatFile({ name, size: 1000 })).toEqual({ isAccepted: false, reason: 'unsupported' });
  });

  it('takes an image of exactly 10 MB and refuses one byte more, naming 10 MB', () => {
    expect(checkChatFile({ name: 'a.png', size: 10 * MB }).isAccepted).toBe(true);
    expect(checkChatFile({ name: 'a.png', size: 10 * MB + 1 })).toEqual({ isAccepted: false, reason: 'tooLarge', maxMegabytes: 10 });
  });

  it('takes a video of 20 MB and refuses one byte more, naming 20 MB', () => {
    expect(checkChatFile({ name: 'a.mp4', size: 20 * MB }).isAccepted).toBe(true);
    expect(checkChatFile({ name: 'a.mov', size: 20 * MB + 1 })).toEqual({ isAccepted: false, reason: 'tooLarge', maxMegabytes: 20 });
  });
});
