// node-postgres against the nlsql proxy: a parameterised query, a question, an error then a query.
const { Client } = require('pg');

async function main() {
  const client = new Client({ host: '127.0.0.1', port: Number(process.argv[2]), user: 'postgres', database: 'test' });
  const notices = [];
  client.on('notice', (n) => notices.push(n.message));
  await client.connect();
  const params = await client.query('SELECT name, qty FROM clients_demo WHERE qty > $1 AND name LIKE $2 ORDER BY qty', [1, 'item%']);
  if (params.rows.length !== 2 || params.rows[0].name !== 'item 2' || params.rows[1].qty !== 3) {
    throw new Error('parameterised query: ' + JSON.stringify(params.rows));
  }
  const question = await client.query('how many clients demo are there?');
  if (Number(question.rows[0].count) !== 3 || !notices.some((n) => n.includes('answered by'))) {
    throw new Error('question: ' + JSON.stringify(question.rows) + ' notices ' + JSON.stringify(notices));
  }
  let failed = false;
  try {
    await client.query('SELECT nope FROM clients_demo');
  } catch (e) {
    failed = e.code === '42703';
  }
  if (!failed) {
    throw new Error('the error did not come back with SQLSTATE 42703');
  }
  const after = await client.query('SELECT count(*)::int AS n FROM clients_demo');
  if (after.rows[0].n !== 3) {
    throw new Error('query after the error: ' + JSON.stringify(after.rows));
  }
  await client.end();
  console.log('node-postgres ok');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
