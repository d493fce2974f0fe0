package je;

import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

/** Parent side: spawns Worker under an OS limit, streams rows, enforces a wall-clock timeout, respawns. args: limit(prlimit:BYTES|ulimit:KB|none) n duckMemLimit threads [tests] */
public class Parent {
    static String limit; static String duckMem; static int threads;
    static final ExecutorService EX = Executors.newCachedThreadPool(r -> { Thread t = new Thread(r); t.setDaemon(true); return t; });

    static final class W {
        Process p; DataInputStream in; DataOutputStream out; volatile long peakRssKb, vmPeakKb;
        long pid() { return p.pid(); }
    }

    static W spawn() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> jcmd = new ArrayList<>(List.of("nice", "-n", "19", java, "-Xmx128m", "-Xss512k", "-XX:+UseSerialGC", "-XX:ReservedCodeCacheSize=48m",
            "-XX:CompressedClassSpaceSize=64m", "-XX:MaxMetaspaceSize=96m", "-XX:-UsePerfData", "-Djava.library.path=" + System.getProperty("worker.libpath", ""), "-cp", System.getProperty("java.class.path"), "je.Worker", duckMem, "" + threads));
        List<String> cmd = new ArrayList<>();
        if (limit.startsWith("prlimit:")) { cmd.addAll(List.of("prlimit", "--as=" + limit.substring(8), "--")); cmd.addAll(jcmd); }
        else if (limit.startsWith("ulimit:")) { cmd.addAll(List.of("bash", "-c", "ulimit -v " + limit.substring(7) + " && exec \"$@\"", "w")); cmd.addAll(jcmd); }
        else cmd.addAll(jcmd);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("MALLOC_ARENA_MAX", "2");
        pb.redirectError(ProcessBuilder.Redirect.appendTo(new File("out/worker-stderr.txt")));
        W w = new W(); w.p = pb.start();
        w.in = new DataInputStream(new BufferedInputStream(w.p.getInputStream(), 1 << 16));
        w.out = new DataOutputStream(new BufferedOutputStream(w.p.getOutputStream(), 1 << 16));
        EX.submit(() -> { // RSS sampler (the process is nice->exec->java, same pid)
            Path st = Path.of("/proc/" + w.p.pid() + "/status");
            while (w.p.isAlive()) { try { for (String l : Files.readAllLines(st)) if (l.startsWith("VmRSS")) w.peakRssKb = Math.max(w.peakRssKb, Long.parseLong(l.replaceAll("\\D", ""))); else if (l.startsWith("VmPeak")) w.vmPeakKb = Long.parseLong(l.replaceAll("\\D", "")); Thread.sleep(20); } catch (Exception e) { break; } }
        });
        return w;
    }

    /** Runs io on the worker with a wall-clock limit; on timeout or broken pipe/EOF, kills the worker and throws. */
    static <T> T call(W w, long timeoutMs, Callable<T> io) throws Exception {
        Future<T> f = EX.submit(io);
        try { return f.get(timeoutMs, TimeUnit.MILLISECONDS); }
        catch (TimeoutException e) { w.p.destroyForcibly(); w.p.waitFor(); f.cancel(true); throw new IOException("TIMEOUT after " + timeoutMs + " ms, worker killed"); }
        catch (ExecutionException e) {
            boolean dead = !w.p.isAlive() || !w.p.waitFor(500, TimeUnit.MILLISECONDS) == false;
            w.p.destroyForcibly(); int ec = w.p.waitFor();
            throw new IOException("WORKER DIED (" + e.getCause() + ") exit=" + ec);
        }
    }

    static long ready(W w, long timeoutMs) throws Exception {
        return call(w, timeoutMs, () -> { int b = w.in.readByte(); if (b != 'H') throw new IOException("bad hello " + b); return w.in.readLong(); });
    }

    static long load(W w, String t, Src s, long timeoutMs) throws Exception {
        return call(w, timeoutMs, () -> {
            w.out.writeByte('L'); w.out.writeUTF(t); w.out.writeInt(s.n);
            while (s.next()) { w.out.writeInt(s.getInt()); w.out.writeLong(s.getLong()); w.out.writeLong(s.getUnscaledAmt()); w.out.writeUTF(s.getString()); w.out.writeInt((int) s.getDate().toEpochDay()); }
            w.out.flush();
            int b = w.in.readByte(); if (b == 'E') throw new IOException("ERR " + w.in.readUTF()); return w.in.readLong();
        });
    }

    static List<String[]> query(W w, String sql, long timeoutMs) throws Exception {
        return call(w, timeoutMs, () -> {
            w.out.writeByte('Q'); w.out.writeUTF(sql); w.out.flush();
            int b = w.in.readByte();
            if (b == 'E') return List.<String[]>of(new String[] { "SQL-ERROR: " + w.in.readUTF() });
            int nc = w.in.readInt(); for (int i = 0; i < nc; i++) w.in.readUTF();
            List<String[]> rows = new ArrayList<>();
            while (w.in.readByte() == 1) { String[] r = new String[nc]; for (int i = 0; i < nc; i++) r[i] = w.in.readByte() == 1 ? null : w.in.readUTF(); rows.add(r); }
            w.in.readLong(); return rows;
        });
    }

    static void job(W w, String label, int n) throws Exception {
        long t0 = System.nanoTime();
        load(w, "step1", new Src(n, 0), 30000); load(w, "step2", new Src(n, 1), 30000);
        long tl = Src.ms(t0); long t1 = System.nanoTime();
        List<String[]> r = query(w, Src.JOIN, 30000);
        long tq = Src.ms(t1);
        System.out.printf("Child %s limit=%s load(2x%d, incl. pipe)=%d query(incl. result transfer)=%d total=%d rows=%d last=%s workerRssPeakMB=%d vmPeakMB=%d%n",
            label, limit, n, tl, tq, tl + tq, r.size(), String.join("|", r.get(r.size() - 1)), w.peakRssKb >> 10, w.vmPeakKb >> 10);
    }

    public static void main(String[] a) throws Exception {
        limit = a[0]; int n = Integer.parseInt(a[1]); duckMem = a[2]; threads = Integer.parseInt(a[3]);
        String tests = a.length > 4 ? a[4] : "perf,limits";
        if (tests.contains("spawn")) { for (int i = 1; i <= 3; i++) { long ts = System.nanoTime(); W x = spawn(); long wsx = ready(x, 30000); System.out.printf("spawn-only #%d wall=%d ms (worker-side %d ms)%n", i, Src.ms(ts), wsx / 1_000_000); x.out.writeByte('X'); x.out.flush(); x.p.waitFor(); } return; }
        new File("out").mkdirs();
        long t0 = System.nanoTime(); W w = spawn(); long ws = ready(w, 30000);
        System.out.printf("spawn#1 (cold) wall=%d ms (worker-side main->ready %d ms) pid=%d%n", Src.ms(t0), ws / 1_000_000, w.pid());
        if (tests.contains("perf")) {
            for (int j = 1; j <= 3; j++) job(w, "worker#1 job" + j, n);
            long t1 = System.nanoTime(); W w2 = spawn(); long ws2 = ready(w2, 30000);
            System.out.printf("spawn#2 (pre-start, OS cache warm) wall=%d ms (worker-side %d ms)%n", Src.ms(t1), ws2 / 1_000_000);
            job(w2, "pre-started worker#2 job1 (no warm-up)", n);
            long t2 = System.nanoTime(); W w3 = spawn(); ready(w3, 30000); long sp3 = Src.ms(t2); long t3 = System.nanoTime(); job(w3, "  (warm-up job, 2x20k, part of pre-start)", 20000);
            System.out.printf("spawn#3 + warm-up job: %d + %d ms (done before the question arrives)%n", sp3, Src.ms(t3));
            job(w3, "pre-started+warmed worker#3 job1", n);
            w3.out.writeByte('X'); w3.out.flush(); w3.p.waitFor(5, TimeUnit.SECONDS);
            w2.out.writeByte('X'); w2.out.flush(); w2.p.waitFor(5, TimeUnit.SECONDS);
        }
        if (tests.contains("sandbox")) {
            for (String q : new String[] { "SELECT current_setting('memory_limit'), current_setting('threads'), current_setting('enable_external_access'), current_setting('lock_configuration')",
                    "SELECT count(*) FROM read_text('/etc/hostname')", "SELECT count(*) FROM read_csv('/etc/passwd')", "SET memory_limit='8GB'", "ATTACH '/tmp/join-eval/x.db'", "LOAD httpfs" })
                System.out.println("SANDBOX " + q + " -> " + Arrays.toString(query(w, q, 5000).get(0)));
        }
        if (tests.contains("crash")) { // simulate a native crash (SIGSEGV) of the worker in the middle of a query
            final long pid = w.pid();
            EX.submit(() -> { Thread.sleep(500); new ProcessBuilder("kill", "-SEGV", "" + pid).start().waitFor(); return null; });
            long tq = System.nanoTime(); String res;
            try { res = "returned " + Arrays.toString(query(w, "SELECT count(*) FROM range(200000) a, range(200000) b WHERE (a.range * b.range) % 7 = 3", 15000).get(0)); }
            catch (IOException e) { res = e.getMessage(); }
            System.out.printf("CRASH-TEST kill -SEGV at 500 ms -> %s noticed after %d ms%n", res, Src.ms(tq));
            long tr = System.nanoTime(); w = spawn(); ready(w, 30000);
            System.out.printf("  respawn + SELECT 42 -> %s in %d ms%n", query(w, "SELECT 42", 5000).get(0)[0], Src.ms(tr));
        }
        if (tests.contains("limits")) {
            String[][] qs = {
                { "SELECT len(range(200000000)) AS x", "15000" },
                { "SELECT len(list_sort(range(100000000))) AS x", "15000" },
                { "SELECT length(lpad('x', 1500000000, 'y')) AS x", "15000" },
                { "SELECT repeat('x', 300000000) AS big_string_to_java_heap", "15000" },
                { "SELECT repeat('x', 100000000) AS string_100MB_to_128MB_java_heap", "15000" },
                { "SELECT count(*) FROM range(200000) a, range(200000) b WHERE (a.range * b.range) % 7 = 3", "2000" } };
            for (String[] q : qs) {
                long tq = System.nanoTime(); String res;
                try { List<String[]> r = query(w, q[0], Long.parseLong(q[1])); res = "returned " + Arrays.toString(r.get(0)); }
                catch (IOException e) { res = e.getMessage(); }
                long noticed = Src.ms(tq);
                System.out.printf("LIMIT-TEST %s -> %s after %d ms; worker alive=%s rssPeakMB=%d; parent heapMB=%d%n", q[0], res, noticed, w.p.isAlive(),
                    w.peakRssKb >> 10, (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
                if (!w.p.isAlive()) {
                    long tr = System.nanoTime(); w = spawn(); ready(w, 30000); long rs = Src.ms(tr);
                    List<String[]> ok = query(w, "SELECT 42", 5000);
                    System.out.printf("  respawn -> ready in %d ms; SELECT 42 -> %s (total recovery %d ms)%n", rs, ok.get(0)[0], Src.ms(tr));
                }
            }
        }
        w.out.writeByte('X'); w.out.flush(); w.p.waitFor(5, TimeUnit.SECONDS); w.p.destroyForcibly();
    }
}
