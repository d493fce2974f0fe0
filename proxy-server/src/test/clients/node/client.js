// node-postgres against the nlsql proxy: a parameterised query, a question, an error then a query, and pg-cursor
// (Execute with a row count and Flush, then a wait: an error must come without a Sync).
const { Client } = require('pg');
const Cursor = require('pg-cursor');
const QueryStream = require('pg-query-stream');

// pg-cursor waits after Flush; an error held back until Sync would hang it
function within(ms, promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(what + ': nothing within ' + ms + ' ms')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function cursors(client) {
  const rows = client.query(new Cursor('SELECT g FROM generate_series(1, 5) g'));
  const first = await within(5000, rows.read(2), 'cursor read');
  const rest = await within(5000, rows.read(10), 'cursor read');
  await rows.close();
  if (first.map((r) => r.g).join() !== '1,2' || rest.map((r) => r.g).join() !== '3,4,5') {
    throw new Error('cursor rows: ' + JSON.stringify(first) + ' ' + JSON.stringify(rest));
  }
  for (const [sql, code] of [['SELECT 1 / (g - 1) FROM generate_series(1, 5) g', '22012'], ['SELECT 1 +', '42601']]) {
    const bad = client.query(new Cursor(sql));
    let got = null;
    try {
      await within(5000, bad.read(2), 'cursor error for ' + sql);
    } catch (e) {
      if (e.message.includes('nothing within')) {
        throw e;
      }
      got = e.code;
    }
    if (got !== code) {
      throw new Error('cursor on ' + sql + ': expected SQLSTATE ' + code + ', got ' + got);
    }
  }
}

// pg-query-stream reads a cursor in batches (Execute with a row count, Flush): every row arrives once, in order, and
// an error in the middle of the stream reaches its 'error' event instead of hanging it
function streamed(client, sql) {
  return within(20000, new Promise((resolve, reject) => {
    const rows = [];
    const stream = client.query(new QueryStream(sql, [], { batchSize: 100 }));
    stream.on('data', (r) => rows.push(r));
    stream.on('error', (e) => reject(Object.assign(e, { rowsBefore: rows.length })));
    stream.on('end', () => resolve(rows));
  }), 'query stream for ' + sql);
}

async function queryStreams(client) {
  const rows = await streamed(client, 'SELECT g FROM generate_series(1, 10000) g');
  if (rows.length !== 10000 || rows.some((r, i) => r.g !== i + 1)) {
    throw new Error('query stream: ' + rows.length + ' rows, first ' + JSON.stringify(rows[0]));
  }
  let code = null;
  let before = -1;
  try {
    await streamed(client, 'SELECT 1 / (g - 5000) AS x FROM generate_series(1, 10000) g');
  } catch (e) {
    if (e.message.includes('nothing within')) {
      throw e;
    }
    code = e.code;
    before = e.rowsBefore;
  }
  if (code !== '22012' || before < 4900 || before >= 5000) {
    throw new Error('query stream error: expected 22012 after the rows before it, got ' + code + ' after ' + before + ' rows');
  }
}

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
  await cursors(client);
  await queryStreams(client);
  const afterCursors = await client.query('SELECT 2 AS n');
  if (afterCursors.rows[0].n !== 2) {
    throw new Error('query after the cursors: ' + JSON.stringify(afterCursors.rows));
  }
  await client.end();
  console.log('node-postgres ok');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
