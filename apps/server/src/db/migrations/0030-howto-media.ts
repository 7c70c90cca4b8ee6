import { statementsMigration } from '@/db/migrations/run-statements.ts';

/** Exported for its test: each old address becomes that address in th, la and en. */
export const HOWTO_PER_LANGUAGE = `update operator_settings
   set value = jsonb_build_object('videos', (
     select jsonb_object_agg(lang, (
       select coalesce(jsonb_object_agg(topic, jsonb_build_object('url', url, 'posterUrl', '')), '{}'::jsonb)
       from jsonb_each_text(operator_settings.value -> 'videos') as old (topic, url)
     ))
     from unnest(array['th', 'la', 'en']) as lang
   ))
 where key = 'howto' and not (value -> 'videos' ? 'th')`;

// How-to videos as operator content (docs/decisions/0020-howto-videos.md). The bytes live in the database, as the
// chat's media do, so every server process serves them; a row is never changed, a new upload is a new token.
// The how-to setting becomes per language: each old address (an embeddable URL or '') is kept for th, la and en.
const up = [
  `create table howto_media (
    token text primary key,
    language text not null check (language in ('th', 'la', 'en')),
    topic text not null,
    kind text not null check (kind in ('video', 'poster')),
    mime_type text not null,
    size_bytes integer not null,
    bytes bytea not null,
    uploaded_by uuid references operators (id),
    created_at timestamptz not null
  )`,
  HOWTO_PER_LANGUAGE,
];

const down = [
  `update operator_settings
     set value = jsonb_build_object('videos', (
       select coalesce(jsonb_object_agg(topic, case when entry ->> 'url' like '/api/%' then '' else entry ->> 'url' end), '{}'::jsonb)
       from jsonb_each(value -> 'videos' -> 'th') as t (topic, entry)
     ))
   where key = 'howto' and value -> 'videos' ? 'th'`,
  'drop table if exists howto_media',
];

export const migration0030 = statementsMigration(up, down);
