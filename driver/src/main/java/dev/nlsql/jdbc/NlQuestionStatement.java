package dev.nlsql.jdbc;

import dev.nlsql.NlSqlState;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * {@code prepareStatement(question)}: the question is answered when the statement runs, or
 * already when its metadata is asked for (as a PostgreSQL Describe does), and that answer then
 * serves the next execution. Questions take no parameters.
 */
final class NlQuestionStatement extends NlStatement implements PreparedStatement {

    private final TextKind.Decision decision;
    /** The text as prepared: what runs as SQL when the statement is executed as an update or batched. */
    private final String text;
    private ResultSet described;
    /** The columns of the last answer, kept for getMetaData() once its rows are closed. */
    private ResultSetMetaData answeredColumns;

    NlQuestionStatement(StatementHost host, java.sql.Statement delegate, TextKind.Decision decision, String text) {
        super(host, delegate);
        this.decision = decision;
        this.text = text;
    }

    /** The question, as pgjdbc prints a statement's SQL. */
    @Override
    public String toString() {
        return decision.text();
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return execution(this::answerNow);
    }

    /** The answer, from the Describe when one came first: this statement's own rows (getUpdateCount is then -1). */
    private ResultSet answerNow() throws SQLException {
        if (decision.kind() == TextKind.RESET_CONVERSATION) {
            throw resetHasNoRows();
        }
        ResultSet rs = described != null ? described : questions.answer(host, this, decision, delegate.getMaxRows());
        described = null;
        answeredColumns = rs == null ? null : rs.getMetaData();
        return ownRows(rs);
    }

    @Override
    public boolean execute() throws SQLException {
        return execution(() -> {
            if (decision.kind() == TextKind.RESET_CONVERSATION) {
                resetConversation();
                return false;
            }
            answerNow();
            return true;
        });
    }

    /**
     * The columns of the last answer; before one, null (JDBC allows it): what columns a question's answer has is
     * only known once the model wrote its SQL, and metadata calls (tools inspect every statement) never call the model.
     */
    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        if (described != null) {
            return described.getMetaData();
        }
        return decision.kind() == TextKind.RESET_CONVERSATION ? null : answeredColumns;
    }

    @Override
    public ResultSetMetaData describeAnswer() throws SQLException {
        if (decision.kind() == TextKind.RESET_CONVERSATION) {
            return null; // no rows: a Describe answers NoData
        }
        if (described == null) {
            described = questions.answer(host, this, decision, delegate.getMaxRows());
        }
        return described.getMetaData();
    }

    /** Nothing run as an update is a question: the text goes to the database as SQL (its error is the answer). */
    @Override
    public int executeUpdate() throws SQLException {
        if (decision.kind() == TextKind.RESET_CONVERSATION) {
            resetConversation();
            return 0;
        }
        return executeUpdate(text);
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        if (decision.kind() == TextKind.RESET_CONVERSATION) {
            resetConversation();
            return 0;
        }
        return executeLargeUpdate(text);
    }

    /** Nothing batched is a question: the text is batched as SQL. */
    @Override
    public void addBatch() throws SQLException {
        addBatch(text);
    }

    /** A question has no parameters. */
    @Override
    public ParameterMetaData getParameterMetaData() {
        return NO_PARAMETERS;
    }

    private static final ParameterMetaData NO_PARAMETERS = new ParameterMetaData() {
        @Override public int getParameterCount() { return 0; }
        @Override public int isNullable(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public boolean isSigned(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public int getPrecision(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public int getScale(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public int getParameterType(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public String getParameterTypeName(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public String getParameterClassName(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public int getParameterMode(int param) throws SQLException { throw noSuchParameter(param); }
        @Override public <T> T unwrap(Class<T> iface) throws SQLException {
            if (iface.isInstance(this)) {
                return iface.cast(this);
            }
            throw new SQLException("Not a wrapper for " + iface.getName());
        }
        @Override public boolean isWrapperFor(Class<?> iface) { return iface.isInstance(this); }
    };

    private static SQLException noSuchParameter(int param) {
        return NlSqlState.BAD_INPUT.exception("A question has no parameter " + param);
    }

    @Override
    public void clearParameters() {
        // a question has none
    }

    private static SQLException noParameters() {
        return NlSqlState.BAD_INPUT.exception("Questions take no parameters; put the values in the question's text");
    }

    // Parameter setters: a question has no placeholders.

    @Override public void setNull(int i, int t) throws SQLException { throw noParameters(); }
    @Override public void setNull(int i, int t, String n) throws SQLException { throw noParameters(); }
    @Override public void setBoolean(int i, boolean x) throws SQLException { throw noParameters(); }
    @Override public void setByte(int i, byte x) throws SQLException { throw noParameters(); }
    @Override public void setShort(int i, short x) throws SQLException { throw noParameters(); }
    @Override public void setInt(int i, int x) throws SQLException { throw noParameters(); }
    @Override public void setLong(int i, long x) throws SQLException { throw noParameters(); }
    @Override public void setFloat(int i, float x) throws SQLException { throw noParameters(); }
    @Override public void setDouble(int i, double x) throws SQLException { throw noParameters(); }
    @Override public void setBigDecimal(int i, BigDecimal x) throws SQLException { throw noParameters(); }
    @Override public void setString(int i, String x) throws SQLException { throw noParameters(); }
    @Override public void setNString(int i, String x) throws SQLException { throw noParameters(); }
    @Override public void setBytes(int i, byte[] x) throws SQLException { throw noParameters(); }
    @Override public void setDate(int i, Date x) throws SQLException { throw noParameters(); }
    @Override public void setDate(int i, Date x, Calendar c) throws SQLException { throw noParameters(); }
    @Override public void setTime(int i, Time x) throws SQLException { throw noParameters(); }
    @Override public void setTime(int i, Time x, Calendar c) throws SQLException { throw noParameters(); }
    @Override public void setTimestamp(int i, Timestamp x) throws SQLException { throw noParameters(); }
    @Override public void setTimestamp(int i, Timestamp x, Calendar c) throws SQLException { throw noParameters(); }
    @Override public void setAsciiStream(int i, InputStream x, int l) throws SQLException { throw noParameters(); }
    @Override public void setAsciiStream(int i, InputStream x, long l) throws SQLException { throw noParameters(); }
    @Override public void setAsciiStream(int i, InputStream x) throws SQLException { throw noParameters(); }
    @Override @Deprecated public void setUnicodeStream(int i, InputStream x, int l) throws SQLException { throw noParameters(); }
    @Override public void setBinaryStream(int i, InputStream x, int l) throws SQLException { throw noParameters(); }
    @Override public void setBinaryStream(int i, InputStream x, long l) throws SQLException { throw noParameters(); }
    @Override public void setBinaryStream(int i, InputStream x) throws SQLException { throw noParameters(); }
    @Override public void setCharacterStream(int i, Reader x, int l) throws SQLException { throw noParameters(); }
    @Override public void setCharacterStream(int i, Reader x, long l) throws SQLException { throw noParameters(); }
    @Override public void setCharacterStream(int i, Reader x) throws SQLException { throw noParameters(); }
    @Override public void setNCharacterStream(int i, Reader x, long l) throws SQLException { throw noParameters(); }
    @Override public void setNCharacterStream(int i, Reader x) throws SQLException { throw noParameters(); }
    @Override public void setObject(int i, Object x, int t) throws SQLException { throw noParameters(); }
    @Override public void setObject(int i, Object x) throws SQLException { throw noParameters(); }
    @Override public void setObject(int i, Object x, int t, int s) throws SQLException { throw noParameters(); }
    @Override public void setRef(int i, Ref x) throws SQLException { throw noParameters(); }
    @Override public void setBlob(int i, Blob x) throws SQLException { throw noParameters(); }
    @Override public void setBlob(int i, InputStream x, long l) throws SQLException { throw noParameters(); }
    @Override public void setBlob(int i, InputStream x) throws SQLException { throw noParameters(); }
    @Override public void setClob(int i, Clob x) throws SQLException { throw noParameters(); }
    @Override public void setClob(int i, Reader x, long l) throws SQLException { throw noParameters(); }
    @Override public void setClob(int i, Reader x) throws SQLException { throw noParameters(); }
    @Override public void setNClob(int i, NClob x) throws SQLException { throw noParameters(); }
    @Override public void setNClob(int i, Reader x, long l) throws SQLException { throw noParameters(); }
    @Override public void setNClob(int i, Reader x) throws SQLException { throw noParameters(); }
    @Override public void setArray(int i, Array x) throws SQLException { throw noParameters(); }
    @Override public void setURL(int i, URL x) throws SQLException { throw noParameters(); }
    @Override public void setRowId(int i, RowId x) throws SQLException { throw noParameters(); }
    @Override public void setSQLXML(int i, SQLXML x) throws SQLException { throw noParameters(); }
}
