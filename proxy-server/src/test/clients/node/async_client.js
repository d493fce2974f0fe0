// node-postgres idle on a connection (through the proxy or, as the oracle, PostgreSQL itself) while another
// connection sends it a NOTIFY or terminates its backend: the events must fire while it is idle.
const { Client } = require('pg');

const [port, mode] = process.argv.slice(2);

function within(ms, promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(what + ': nothing within ' + ms + ' ms')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main() {
  const direct = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await direct.connect();
  const c = new Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', database: 'test' });
  await c.connect();
  if (mode === 'notify') {
    const got = new Promise((resolve) => c.on('notification', (m) => resolve(m)));
    await c.query('LISTEN async_node');
    await direct.query("NOTIFY async_node, 'hello from node'");
    const m = await within(10000, got, 'notification');
    console.log('notify', m.channel, m.payload);
    console.log('after', (await c.query('SELECT 41 + 1 AS x')).rows[0].x);
    await c.end();
  } else {
    const pid = (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p;
    const error = new Promise((resolve) => c.on('error', (e) => resolve(e)));
    const ended = new Promise((resolve) => c.on('end', () => resolve('ended')));
    await direct.query('SELECT pg_terminate_backend($1)', [pid]);
    const e = await within(10000, error, 'error event');
    console.log('error', e.code, e.severity, e.message);
    console.log(await within(10000, ended, 'end event'));
  }
  await direct.end();
  console.log('done');
}

main().catch((e) => {
  console.log('failed', e.message);
  process.exit(1);
});
