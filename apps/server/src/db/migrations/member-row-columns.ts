/**
 * The columns a member's own row starts with (its id, and the member it belongs to). Frozen with the migrations that
 * use it: it imports nothing from live code, and changing it would change what those migrations did.
 */
export const MEMBER_ROW_COLUMNS = `id uuid primary key,
    member_id uuid not null references members (id)`;
