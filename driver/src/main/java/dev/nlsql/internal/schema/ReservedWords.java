package dev.nlsql.internal.schema;

import java.util.Locale;
import java.util.Set;

/**
 * Words a database's parser takes as syntax rather than as a name, so that a table or column so
 * named must be quoted: {@code SELECT COUNT(*) FROM user} is valid PostgreSQL about
 * {@code current_user}, a silently wrong answer, and {@code FROM order} is a syntax error.
 *
 * <p>Static lists, checked against live servers by {@code ReservedNamesOnServersIT}:
 * <ul>
 * <li>PostgreSQL 15: {@code SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'T')}, the
 *     reserved words and the type-or-function-name words ({@code left}, {@code join},
 *     {@code binary}, ...), which also fail as table names; the 'C' column-name words
 *     ({@code between}, {@code values}, {@code time}) work as table and column names and are left bare.</li>
 * <li>MySQL and MariaDB: every word of MariaDB 10.11's {@code information_schema.KEYWORDS} that
 *     fails as a bare table or column name, plus MySQL 8.0's reserved words MariaDB lacks
 *     ({@code rank}, {@code groups}, {@code window}, {@code of}, {@code system}, ...), and {@code value}
 *     (a table so named cannot be inserted into bare: {@code INSERT INTO value VALUES} fails).</li>
 * <li>Any other database: the SQL:2003 reserved words, less the names of functions such as
 *     {@code count} or {@code max} that databases take as names (H2 does), and H2's keywords
 *     ({@code year}, {@code value}, {@code key}, {@code minus}, ...).</li>
 * </ul>
 * A word reserved in a later version is best added here: quoting a name needlessly is harmless.
 */
public final class ReservedWords {

    private ReservedWords() {
    }

    /** PostgreSQL 15.20, pg_get_keywords() catcode 'R' (77 words) and 'T' (23 words). */
    static final Set<String> POSTGRESQL = words(
            "all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create "
            + "current_catalog current_date current_role current_time current_timestamp current_user default deferrable "
            + "desc distinct do else end except false fetch for foreign from grant group having in initially intersect "
            + "into lateral leading limit localtime localtimestamp not null offset on only or order placing primary "
            + "references returning select session_user some symmetric table then to trailing true union unique user "
            + "using variadic when where window with "
            + "authorization binary collation concurrently cross current_schema freeze full ilike inner is isnull join "
            + "left like natural notnull outer overlaps right similar tablesample verbose");

    /** MariaDB 10.11.19: the KEYWORDS that fail as a bare table or column name; MySQL 8.0's reserved words it lacks; value. */
    static final Set<String> MYSQL = words(
            "accessible add all alter analyze and as asc asensitive before between bigint binary blob both by "
            + "call cascade case change char character check collate column condition constraint continue convert "
            + "create cross current_date current_role current_time current_timestamp current_user cursor databases "
            + "day_hour day_microsecond day_minute day_second dec decimal declare default delayed delete "
            + "delete_domain_id desc describe deterministic distinct distinctrow div do_domain_ids double drop "
            + "dual each else elseif enclosed escaped except exists exit explain false fetch float float4 float8 "
            + "for force foreign from fulltext grant group having high_priority hour_microsecond hour_minute "
            + "hour_second if ignore ignore_domain_ids in index infile inner inout insensitive insert int int1 "
            + "int2 int3 int4 int8 integer intersect interval into is iterate join key keys kill leading leave "
            + "left like limit linear lines load localtime localtimestamp lock long longblob longtext loop "
            + "low_priority master_demote_to_replica master_demote_to_slave master_ssl_verify_server_cert match "
            + "maxvalue mediumblob mediumint mediumtext middleint minute_microsecond minute_second mod modifies "
            + "natural no_write_to_binlog not null numeric offset on optimize optionally or order out outer "
            + "outfile over page_checksum parse_vcol_expr partition portion precision primary procedure purge "
            + "range read read_write reads real recursive ref_system_id references regexp release rename repeat "
            + "replace require resignal restrict return returning revoke right rlike row_number rows schemas "
            + "second_microsecond select sensitive separator set show signal smallint spatial specific sql "
            + "sql_big_result sql_buffer_result sql_cache sql_calc_found_rows sql_no_cache sql_small_result "
            + "sqlexception sqlstate sqlwarning ssl starting stats_auto_recalc stats_persistent stats_sample_pages "
            + "straight_join table terminated then tinyblob tinyint tinytext to trailing trigger true undo union "
            + "unique unlock unsigned update usage use using utc_date utc_time utc_timestamp values varbinary "
            + "varchar varcharacter varying when where while with write xor year_month zerofill "
            + " cube cume_dist database dense_rank empty first_value function generated get grouping groups "
            + "io_after_gtids io_before_gtids json_table lag last_value lateral lead manual master_bind nth_value ntile of "
            + "optimizer_costs parallel percent_rank persist persist_only qualify rank row schema stored system virtual "
            + "window value");

    /** SQL:2003 reserved words but the names of functions (count, sum, max, lower, ...), and H2 2.x's keywords. */
    static final Set<String> STANDARD = words(
            "all allocate alter and any are array as asensitive asymmetric at atomic authorization begin between "
            + "bigint binary blob boolean both by call called cascaded case cast char character check clob close "
            + "collate column commit condition connect constraint convert corresponding create cross cube current "
            + "current_date current_default_transform_group current_path current_role current_time "
            + "current_timestamp current_transform_group_for_type current_user cursor cycle date day deallocate "
            + "dec decimal declare default delete deref describe deterministic disconnect distinct double drop "
            + "dynamic each else end end-exec escape every except exec execute exists external false fetch filter "
            + "float for foreign free from full function get global grant group grouping having hold hour identity "
            + "in indicator inner inout insensitive insert int integer intersect interval into is join language "
            + "large lateral leading left like local localtime localtimestamp match member merge method minute "
            + "modifies module month multiset national natural nchar nclob new no none not null numeric of old on "
            + "only open or order out outer over overlaps parameter partition precision prepare primary procedure "
            + "range reads real recursive ref references referencing release result return returns revoke right "
            + "rollback rollup row rows savepoint scope scroll search second select sensitive session_user set "
            + "similar smallint some specific specifictype sql sqlexception sqlstate sqlwarning start static "
            + "submultiset symmetric system system_user table tablesample then time timestamp timezone_hour "
            + "timezone_minute to trailing translation trigger true uescape union unique unknown unnest update "
            + "user using value values varchar varying when whenever where window with within without year "
            + "current_catalog current_schema groups if ilike key limit minus offset qualify regexp rownum top _rowid_");

    /** Whether {@code name}, in any case, is a word the catalog's database reserves. */
    public static boolean reserved(SchemaCatalog catalog, String name) {
        String p = catalog.productName() == null ? "" : catalog.productName().toLowerCase(Locale.ROOT);
        Set<String> words = p.contains("postgres") ? POSTGRESQL : p.contains("mysql") || p.contains("mariadb") ? MYSQL : STANDARD;
        return words.contains(name.toLowerCase(Locale.ROOT));
    }

    private static Set<String> words(String list) {
        return Set.copyOf(java.util.Arrays.asList(list.strip().split("\\s+")));
    }
}
