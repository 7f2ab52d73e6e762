import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * MongoDB-wire server for integration tests and the dev launcher (built by libs/server-testing).
 * Args: [--host 127.0.0.1] [--port 0 (= any free port)] [--h2 FILE (absent = in memory)] [--exit-on-stdin-eof]
 * Prints "READY <port>" on stdout once listening; library logs go to stderr.
 */
public final class MongoServerLauncher {
  // Node driver 7 (mongoose 9) refuses wire versions below 9, and the library's newest ServerVersion reports 8.
  private static final MongoVersion MONGO_6_0 = new MongoVersion() {
    @Override public List<Integer> getVersionArray() { return List.of(6, 0, 0); }
    @Override public int getWireVersion() { return 17; }
  };

  public static void main(String[] args) throws Exception {
    String host = "127.0.0.1";
    int port = 0;
    String h2File = null;
    boolean exitOnStdinEof = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--host" -> host = args[++i];
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--h2" -> h2File = args[++i];
        case "--exit-on-stdin-eof" -> exitOnStdinEof = true;
        default -> {
          System.err.println("Unknown argument " + args[i] + "; usage: [--host H] [--port N] [--h2 FILE] [--exit-on-stdin-eof]");
          System.exit(2);
        }
      }
    }
    // Must be set before the first logger exists; -Dorg.slf4j.simpleLogger.defaultLogLevel=info overrides.
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));

    MongoBackend backend = h2File == null ? new MemoryBackend() : new H2Backend(h2File);
    backend.version(MONGO_6_0);
    MongoServer server = new MongoServer(serialized(backend));
    // Runs on SIGINT/SIGTERM and System.exit: closing the backend commits the H2 file.
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow, "mongo-server-shutdown"));
    server.bind(host, port);
    System.out.println("READY " + server.getLocalAddress().getPort());
    System.out.flush();

    if (exitOnStdinEof) {
      // The parent holds our stdin open and never writes; EOF means it is gone, even after a SIGKILL.
      while (System.in.read() != -1) {
        // discard
      }
      System.exit(0);
    }
  }

  /** Per namespace ("db.collection") and top category: operations and microseconds spent in the backend. */
  private static final Map<String, long[]> USAGE = new HashMap<>();

  /**
   * Runs one backend call at a time. The library leaves some paths unguarded (an insert racing mongoose's
   * createIndexes on the same collection throws ConcurrentModificationException, seen as "Unknown error: null");
   * its calls never block, and a serial order is one real MongoDB could produce too. Counts each command as mongod's
   * `top` does and answers `top` itself (benchmarks read it: MongoDB operations per request, per collection).
   */
  private static MongoBackend serialized(MongoBackend backend) {
    return (MongoBackend) Proxy.newProxyInstance(MongoBackend.class.getClassLoader(), new Class<?>[] {MongoBackend.class},
        (proxy, method, methodArgs) -> {
          synchronized (backend) {
            MongoMessage message = methodArgs != null && methodArgs.length == 1 && methodArgs[0] instanceof MongoMessage m ? m : null;
            String command = message == null || message.getDocument().isEmpty() ? null : message.getDocument().keySet().iterator().next();
            if ("top".equals(command)) return top();
            long started = System.nanoTime();
            try {
              return method.invoke(backend, methodArgs);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            } finally {
              if (command != null) count(message, command, (System.nanoTime() - started) / 1_000);
            }
          }
        });
  }

  /** mongod's `top` categories for a command. */
  private static String categoryOf(String command) {
    return switch (command) {
      case "find", "aggregate", "count", "distinct" -> "queries";
      case "getMore" -> "getmore";
      case "insert" -> "insert";
      case "update", "findAndModify" -> "update";
      case "delete" -> "remove";
      default -> "commands";
    };
  }

  private static void count(MongoMessage message, String command, long micros) {
    Object target = message.getDocument().get(command);
    String namespace = message.getDatabaseName() + (target instanceof String collection ? "." + collection : "");
    for (String category : List.of(categoryOf(command), "total")) {
      long[] usage = USAGE.computeIfAbsent(namespace + "\t" + category, key -> new long[2]);
      usage[0]++;
      usage[1] += micros;
    }
  }

  /** `{ totals: { "db.collection": { total: { time, count }, queries: {...}, ... } }, ok: 1 }`, as mongod answers. */
  private static Document top() {
    Map<String, Document> namespaces = new TreeMap<>();
    USAGE.forEach((key, usage) -> {
      String[] parts = key.split("\t");
      namespaces.computeIfAbsent(parts[0], ns -> new Document())
          .append(parts[1], new Document("time", usage[1]).append("count", usage[0]));
    });
    Document totals = new Document("note", "all times in microseconds");
    namespaces.forEach(totals::append);
    return new Document("totals", totals).append("ok", 1.0);
  }
}
