/**
 * A users row as written straight to the table (a migration's test, a bulk insert): the columns every
 * version of the schema has, with an account's empty defaults, and what the test gives.
 */
export function userRow<T extends { id: string; username: string; created_at: string }>(fields: T) {
  return {
    email: `${fields.username}@example.uz`,
    password_hash: 'x',
    email_public: 0,
    firstname: 'Sinov',
    lastname: 'Odam',
    image: null,
    is_admin: 0,
    description: '',
    skills: '[]',
    github_profile: '',
    telegram_profile: '',
    updated_at: fields.created_at,
    ...fields,
  };
}
