package dev.nlsql.engine;

import java.sql.ResultSet;

/** The rows that answer a question, and how they were found. */
public record Answer(ResultSet rows, Trace trace) {
}
