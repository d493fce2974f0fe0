package dev.nlsql.internal.generate;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.knowledge.Knowledge;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;

/** The demo shop's schema (examples' DemoDatabase), with its comments, as the offline generator's tests see it. */
final class ShopCatalog {

    private ShopCatalog() {
    }

    static ColumnInfo col(String name, String type) {
        return new ColumnInfo(name, type, false, null);
    }

    static ColumnInfo col(String name, String type, String comment) {
        return new ColumnInfo(name, type, false, comment);
    }

    static ForeignKey fk(String column, String table) {
        return new ForeignKey(List.of(column), "public", table, List.of("id"));
    }

    static final TableInfo CATEGORIES = new TableInfo("public", "categories", "product categories",
            List.of(col("id", "int4"), col("name", "varchar")), List.of("id"), List.of());
    static final TableInfo PRODUCTS = new TableInfo("public", "products", "items the shop sells", List.of(col("id", "int4"),
            col("name", "varchar"), col("category_id", "int4"), col("price", "numeric", "list price in euros"),
            col("stock", "int4", "units in the warehouse"), col("created_at", "date")), List.of("id"),
            List.of(fk("category_id", "categories")));
    static final TableInfo CUSTOMERS = new TableInfo("public", "customers", "people who buy from the shop (clients)",
            List.of(col("id", "int4"), col("first_name", "varchar"), col("last_name", "varchar"), col("email", "varchar"),
                    col("city", "varchar"), col("country", "varchar"), col("joined_on", "date", "date the customer signed up")),
            List.of("id"), List.of());
    static final TableInfo ORDERS = new TableInfo("public", "orders", "purchases placed by customers", List.of(col("id", "int4"),
            col("customer_id", "int4"), col("order_date", "date"),
            col("status", "varchar", "pending, shipped, delivered, cancelled or returned"),
            col("total_amount", "numeric", "order total in euros (revenue, sales)")), List.of("id"), List.of(fk("customer_id", "customers")));
    static final TableInfo ORDER_ITEMS = new TableInfo("public", "order_items", "products in each order", List.of(col("id", "int4"),
            col("order_id", "int4"), col("product_id", "int4"), col("quantity", "int4"),
            col("unit_price", "numeric", "price paid per unit in euros")), List.of("id"),
            List.of(fk("order_id", "orders"), fk("product_id", "products")));
    static final TableInfo PAYMENTS = new TableInfo("public", "payments", "money received for orders", List.of(col("id", "int4"),
            col("order_id", "int4"), col("paid_on", "date"), col("amount", "numeric"),
            col("method", "varchar", "card, paypal, bank transfer or gift card")), List.of("id"), List.of(fk("order_id", "orders")));
    static final TableInfo REVIEWS = new TableInfo("public", "reviews", "product ratings written by customers", List.of(col("id", "int4"),
            col("product_id", "int4"), col("customer_id", "int4"), col("rating", "int4", "stars from 1 to 5"),
            col("review_date", "date")), List.of("id"), List.of(fk("product_id", "products"), fk("customer_id", "customers")));
    static final SchemaCatalog CATALOG = new SchemaCatalog("PostgreSQL", "15", "public",
            List.of(CATEGORIES, PRODUCTS, CUSTOMERS, ORDERS, ORDER_ITEMS, PAYMENTS, REVIEWS));

    static ValueLink value(TableInfo t, String column, String value) {
        return new ValueLink(t, t.columnIgnoreCase(column), value, value.toLowerCase(java.util.Locale.ROOT));
    }

    /** The demo glossary's main terms, as the knowledge file's reader will give them. */
    static final GlossaryTerm REVENUE = new GlossaryTerm("revenue", List.of("sales", "turnover"), GlossaryTerm.Kind.MEASURE,
            "SUM(order_items.unit_price * order_items.quantity)", null, List.of("order_items"));
    static final GlossaryTerm UNITS_SOLD = new GlossaryTerm("units sold", List.of("sold", "quantity sold"), GlossaryTerm.Kind.MEASURE,
            "SUM(order_items.quantity)", null, List.of("order_items"));

    static String sql(String question, List<ValueLink> values, GlossaryTerm... glossary) throws NotUnderstoodException {
        return sql(CATALOG, question, values, glossary);
    }

    static String sql(SchemaCatalog catalog, String question, List<ValueLink> values, GlossaryTerm... glossary)
            throws NotUnderstoodException {
        Knowledge knowledge = new Knowledge(List.of(), List.of(glossary), List.of());
        return new OfflineSqlGenerator().generate(new GenerationRequest(question, "", "PostgreSQL 15", catalog, "", values, List.of(),
                true, null, knowledge)).text();
    }
}
