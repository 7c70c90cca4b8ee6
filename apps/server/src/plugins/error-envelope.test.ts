import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/app-error.ts';
import { codeForError } from '@/plugins/error-envelope.ts';

describe('codeForError', () => {
  it('keeps the code of an AppError', () => {
    expect(codeForError(new AppError('EXISTING_BANK'))).toBe('EXISTING_BANK');
  });
  it('maps Fastify body errors', () => {
    expect(codeForError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })).toBe(
      'INVALID_JSON',
    );
    expect(codeForError({ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 })).toBe(
      'INVALID_JSON',
    );
    expect(codeForError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).toBe(
      'BODY_TOO_LARGE',
    );
    expect(codeForError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 })).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(codeForError(Object.assign(new SyntaxError('bad'), { statusCode: 400 }))).toBe(
      'INVALID_JSON',
    );
  });
  it('maps other client errors by status', () => {
    expect(codeForError({ statusCode: 404 })).toBe('NOT_FOUND');
    expect(codeForError({ statusCode: 422 })).toBe('INVALID_REQUEST');
  });
  it('maps a value the database refused (SQLSTATE class 22) to INVALID_REQUEST, other database errors not', () => {
    for (const code of ['22021', '22P05', '22P02', '22003', '22001'])
      expect(codeForError(Object.assign(new Error('db'), { code }))).toBe('INVALID_REQUEST');
    for (const code of ['23505', '40P01', '57014', '2200', 'X22021'])
      expect(codeForError(Object.assign(new Error('db'), { code }))).toBe('INTERNAL_SERVER_ERROR');
  });
  it('treats anything else as an internal error', () => {
    expect(codeForError(new Error('boom'))).toBe('INTERNAL_SERVER_ERROR');
    expect(codeForError({ statusCode: 500 })).toBe('INTERNAL_SERVER_ERROR');
    expect(codeForError('a string')).toBe('INTERNAL_SERVER_ERROR');
  });
});
