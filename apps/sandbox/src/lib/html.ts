import type { FastifyReply, FastifyRequest } from 'fastify';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A plain page in the sandbox's own look; `body` must already be escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, 'Noto Sans Thai', 'Noto Sans Lao', sans-serif; margin: 0 auto; max-width: 960px; padding: 16px; color: #1d2433; background: #f6f7fb; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 1.6rem; }
  section { background: #fff; border-radius: 10px; padding: 12px 16px; margin: 12px 0; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  table { border-collapse: collapse; width: 100%; font-size: .9rem; } th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid #e6e8ef; }
  code { background: #eef0f6; padding: 1px 4px; border-radius: 4px; } a { color: #2150c4; }
  .muted { color: #6b7385; } .code { font-weight: 700; font-size: 1.1rem; letter-spacing: .1em; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** A call made by one of the index page's plain HTML forms (which then gets an HTML page back, not JSON). */
export function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith(
    'application/x-www-form-urlencoded',
  );
}

const BACK_TO_INDEX = '<p><a href="/">Back to the sandbox</a></p>';

/** Sends a page (`body` already escaped) with links back at its foot. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  footer = BACK_TO_INDEX,
) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(page(title, `${body}${footer}`));
}

/** A table of already escaped cells; `empty` (already escaped) when there are no rows. */
export function htmlTable(headers: string[], rows: string[][], empty = ''): string {
  if (rows.length === 0) return empty;
  const head = headers.map((h) => `<th>${h}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`);
  return `<table><tr>${head}</tr>${body.join('')}</table>`;
}

/** A part's table of its newest items (stores list newest first), at most `limit` rows. */
export function newestTable<T>(
  items: readonly T[],
  table: { headers: string[]; row: (item: T) => string[]; limit?: number; empty?: string },
): string {
  return htmlTable(table.headers, items.slice(0, table.limit ?? 10).map(table.row), table.empty);
}

/** A form call's refusal as a page: `title` and the answer's code (and the field it names). */
export function sendRefusalPage(
  reply: FastifyReply,
  answer: { httpStatus: number; body: Record<string, unknown> },
  title: string,
  footer?: string,
) {
  const detail = [answer.body.code, answer.body.field]
    .filter((v) => v !== undefined && v !== '')
    .map((v) => escapeHtml(v))
    .join(' ');
  return sendPage(
    reply,
    answer.httpStatus,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${detail}</p>`,
    footer,
  );
}
