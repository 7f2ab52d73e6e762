import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

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

  /**
   * Runs one backend call at a time. The library leaves some paths unguarded (an insert racing mongoose's
   * createIndexes on the same collection throws ConcurrentModificationException, seen as "Unknown error: null");
   * its calls never block, and a serial order is one real MongoDB could produce too.
   */
  private static MongoBackend serialized(MongoBackend backend) {
    return (MongoBackend) Proxy.newProxyInstance(MongoBackend.class.getClassLoader(), new Class<?>[] {MongoBackend.class},
        (proxy, method, methodArgs) -> {
          synchronized (backend) {
            try {
              return method.invoke(backend, methodArgs);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          }
        });
  }
}
