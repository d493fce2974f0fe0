# psycopg2 idle on a connection (through the proxy or, as the oracle, PostgreSQL itself) while another connection
# sends it a NOTIFY or terminates its backend: what arrives unasked must arrive while it is idle.
import select
import sys
import time

import psycopg2

port, mode = int(sys.argv[1]), sys.argv[2]
direct = psycopg2.connect(host='127.0.0.1', port=5432, user='postgres', dbname='test')
direct.autocommit = True
conn = psycopg2.connect(host='127.0.0.1', port=port, user='postgres', dbname='test')
conn.autocommit = True
cur = conn.cursor()


def idle_until(done, seconds=10):
    """Waits on the socket alone (no query sent) until done() or the deadline."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        if select.select([conn], [], [], max(0, deadline - time.monotonic()))[0]:
            conn.poll()


if mode == 'notify':
    cur.execute('LISTEN async_py')
    direct.cursor().execute("NOTIFY async_py, 'hello from python'")
    idle_until(lambda: conn.notifies)
    print('notify', [n.payload for n in conn.notifies], flush=True)
    cur.execute('SELECT 41 + 1')
    print('after', cur.fetchone()[0], flush=True)
elif mode == 'terminate':
    cur.execute('SELECT pg_backend_pid()')
    pid = cur.fetchone()[0]
    direct.cursor().execute('SELECT pg_terminate_backend(%s)', (pid,))
    try:
        idle_until(lambda: False)
        print('nothing arrived', flush=True)
    except psycopg2.Error as e:
        print('error', type(e).__name__, flush=True)
    # libpq hands a FATAL that arrives while idle to the notice processor
    print('notices', [' '.join(n.split()) for n in conn.notices], flush=True)
    print('closed', conn.closed, flush=True)
print('done', flush=True)
