package dev.nlsql.jdbc;

import dev.nlsql.config.NlConfig.Passthrough;
import dev.nlsql.engine.Answer;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.execute.ReadOnlyTransaction;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a statement needs of its connection: how texts are read, the passthrough policy, guarded runs and the answering
 * of questions. The connection implements it with a private object (its own public API stays as it is), so statements
 * never name the connection's class. Each method is the connection's own, described there.
 */
interface StatementHost extends ValueHost {

    /** What a text is on this connection. */
    TextKind.Decision decide(String text) throws SQLException;

    /** Called after SQL that may have changed the schema ran through this connection. */
    void afterSql(TextKind.Decision decision);

    /** The passthrough policy on one of the real driver's own methods that takes or reaches SQL text: NL003 unless allow. */
    void admitDriverSql(String method) throws SQLException;

    /** The passthrough policy on SQL text about to run: null under allow, the guarded statement under readonly, else NL003. */
    GuardedSql admitSqlText(String text) throws SQLException;

    /** Runs guarded SQL text with the settings of the caller's statement behind every wall. */
    ResultSet runGuardedText(Statement settings, GuardedSql guarded) throws SQLException;

    /** True when guarded SQL run with these statement settings streams its rows. */
    boolean streams(Statement settings) throws SQLException;

    /** Opens the read-only scope of guarded SQL whose rows are read after it returns. */
    ReadOnlyTransaction.Scope openReadOnly(GuardedSql guarded) throws SQLException;

    /** Runs work on {@code statement} in a read-only transaction, with rows fetched before it ends. */
    <T> T runReadOnly(Statement statement, GuardedSql guarded, ReadOnlyTransaction.Work<T> work) throws SQLException;

    /** Cancels what a question runs on the attached sources now. */
    void cancelSources();

    /** Forgets the connection's conversation ({@code RESET NL}). */
    void resetConversation();

    /**
     * An error of nlsql's own fails the transaction block it happened in, as PostgreSQL's errors do (issue 38); returns
     * {@code e}, to be thrown.
     */
    SQLException failed(SQLException e);

    /** Answers a question with the statement's own row cap (0 for none) and optional domain instructions. */
    Answer answer(TextKind.Decision decision, String instructions, int statementMaxRows) throws SQLException;
}
