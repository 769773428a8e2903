// One statement on the PostgreSQL server of TEST_DATABASE_URL (create or drop a test database), on a
// connection of its own, closed afterwards.
import pg from "pg";

export async function adminQuery(sql: string, connectionString = process.env.TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
