import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from './lib/html.ts';
import type { SandboxPart } from './lib/parts.ts';

export function indexPage(parts: SandboxPart[]) {
  return async (app: FastifyInstance) => {
    app.get('/', async (_request, reply) => {
      const sections = parts
        .map(
          (part) => `<section>
<h2>${escapeHtml(part.title)}</h2>
<p>${escapeHtml(part.description)}</p>
<ul>${part.links.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul>
${part.renderExtra?.() ?? ''}
</section>`,
        )
        .join('\n');
      const html = page(
        'Mekong Wallet sandbox',
        `<h1>Mekong Wallet sandbox</h1>
<p>Simulators of the outside parties the wallet server talks to. Everything is kept in memory and starts empty
when the sandbox restarts. Every call is documented in <code>apps/sandbox/README.md</code>.</p>
${sections}`,
      );
      return reply.type('text/html; charset=utf-8').send(html);
    });
  };
}
