/**
 * nlsql's JDBC driver and question engine. Exports its public API only; {@code dev.nlsql.internal.*} stays inside.
 * The published and {@code -all} jars relocate their dependencies and leave this descriptor out (they name the module
 * {@code dev.nlsql.driver} through {@code Automatic-Module-Name}): see docs/design-notes.md, "Issue 26: public API".
 */
module dev.nlsql.driver {
    requires transitive java.sql;
    requires java.sql.rowset;
    requires java.net.http;
    requires java.management;
    requires jdk.management; // per-thread allocation counters of the fallback analysis (LocalWatchdog)
    requires java.logging;
    requires org.slf4j;
    requires net.sf.jsqlparser;
    requires com.github.benmanes.caffeine;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;
    requires langchain4j.core;
    requires langchain4j.open.ai;
    requires langchain4j.http.client;
    requires net.bytebuddy;
    requires org.objenesis;
    requires redis.clients.jedis;
    requires org.apache.commons.pool2;
    // the wrapped drivers nlsql knows by name, and the fallback analysis's engine: optional, as in the pom
    requires static org.postgresql.jdbc;
    requires static com.h2database;

    exports dev.nlsql;
    exports dev.nlsql.config;
    exports dev.nlsql.engine;
    exports dev.nlsql.jdbc;
    exports dev.nlsql.sql;

    provides java.sql.Driver with dev.nlsql.jdbc.NlDriver;
}
