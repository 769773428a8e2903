// One statement on a PostgreSQL server (create or drop a database for a benchmark or a test run), on a
// connection of its own, closed afterwards.
import pg from "pg";

export async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
