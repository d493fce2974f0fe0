package dev.nlsql.internal.sql;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import net.sf.jsqlparser.parser.ASTNodeAccessImpl;
import net.sf.jsqlparser.parser.Node;
import net.sf.jsqlparser.parser.Token;

/**
 * Every node of a JSqlParser tree, reached through every field rather than a visitor, so no
 * clause is skipped because a visitor forgot it. The parser's own token and node links are not
 * part of the tree and are left out.
 */
public final class AstNodes {

    private static final ClassValue<List<Field>> CHILD_FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && isChildField(f)) {
                        f.setAccessible(true);
                        fields.add(f);
                    }
                }
            }
            return List.copyOf(fields);
        }
    };

    private AstNodes() {
    }

    /** The fields of a node class that may hold child nodes. */
    public static List<Field> childFields(Class<?> type) {
        return CHILD_FIELDS.get(type);
    }

    public static boolean isNode(Object o) {
        return o != null && o.getClass().getName().startsWith("net.sf.jsqlparser.");
    }

    public static Object read(Field f, Object node) {
        try {
            return f.get(node);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + f, e);
        }
    }

    /** Calls {@code visitor} once for every node under {@code root}, root included. */
    public static void forEach(Object root, Consumer<Object> visitor) {
        walk(root, visitor, new IdentityHashMap<>());
    }

    private static void walk(Object o, Consumer<Object> visitor, Map<Object, Boolean> seen) {
        if (o instanceof Collection<?> items) {
            for (Object item : items) {
                walk(item, visitor, seen);
            }
            return;
        }
        if (!isNode(o) || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        visitor.accept(o);
        for (Field f : childFields(o.getClass())) {
            walk(read(f, o), visitor, seen);
        }
    }

    private static boolean isChildField(Field f) {
        Class<?> t = f.getType();
        if (t.isPrimitive() || t == String.class || t.isEnum()) {
            return false;
        }
        return !Node.class.isAssignableFrom(t) && !Token.class.isAssignableFrom(t) && f.getDeclaringClass() != ASTNodeAccessImpl.class;
    }

    /** Every node under {@code root} (root excepted) with the node whose field, or list in a field, holds it. */
    public static Map<Object, Object> parents(Object root) {
        Map<Object, Object> out = new IdentityHashMap<>();
        forEach(root, node -> {
            for (Field f : childFields(node.getClass())) {
                addChildren(read(f, node), node, out);
            }
        });
        return out;
    }

    private static void addChildren(Object value, Object parent, Map<Object, Object> out) {
        if (value instanceof Collection<?> items) {
            for (Object item : items) {
                addChildren(item, parent, out);
            }
        } else if (isNode(value)) {
            out.putIfAbsent(value, parent);
        }
    }

    /** Puts {@code replacement} where {@code target} stands under {@code root} (a field or a list item); true if found. */
    @SuppressWarnings("unchecked")
    public static boolean replace(Object root, Object target, Object replacement) {
        boolean[] done = {false};
        forEach(root, node -> {
            for (Field f : childFields(node.getClass())) {
                Object v = read(f, node);
                if (v == target && f.getType().isInstance(replacement)) {
                    try {
                        f.set(node, replacement);
                        done[0] = true;
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("cannot write " + f, e);
                    }
                } else if (v instanceof List<?> list) {
                    for (int i = 0; i < list.size(); i++) {
                        if (list.get(i) == target) {
                            ((List<Object>) list).set(i, replacement);
                            done[0] = true;
                        }
                    }
                }
            }
        });
        return done[0];
    }
}
