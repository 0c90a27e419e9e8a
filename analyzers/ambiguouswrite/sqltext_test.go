package ambiguouswrite

import "testing"

func TestParseSQL(t *testing.T) {
	for _, c := range []struct {
		sql  string
		kind stmtKind
		what string
		rows int
		cas  string
	}{
		// Not idempotent.
		{"INSERT INTO orders (id, amount) VALUES ($1, $2)", kindInsert, "INSERT INTO orders", 1, ""},
		{"insert into public.orders(id) values (?), (?), (?) returning id", kindInsert, "INSERT INTO public.orders", 3, ""},
		{"INSERT INTO audit SELECT * FROM staging", kindInsert, "INSERT INTO audit", 0, ""},
		{"UPDATE accounts SET balance = balance - $1 WHERE id = $2", kindRelative, "UPDATE accounts SET balance = balance ...", 0, ""},
		{"update counters set n = coalesce(n, 0) + 1, updated_at = now() where k = ?", kindRelative, "UPDATE counters SET n = n ...", 0, ""},
		{"UPDATE posts SET tags = array_append(tags, $1) WHERE id = $2", kindRelative, "UPDATE posts SET tags = tags ...", 0, ""},
		{"UPDATE t SET a.n = a.n * 2 WHERE id = 1", kindRelative, "UPDATE t SET n = n ...", 0, ""},
		{"INSERT INTO hits (k, n) VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET n = hits.n + 1", kindRelative, "INSERT INTO hits ... ON CONFLICT DO UPDATE SET n = n ...", 0, ""},
		{"INSERT INTO hits (k, n) VALUES (?, 1) ON DUPLICATE KEY UPDATE n = n + 1", kindRelative, "INSERT INTO hits ... ON DUPLICATE KEY UPDATE n = n ...", 0, ""},
		{"CALL transfer($1, $2, $3)", kindCall, "CALL transfer", 0, ""},
		{"EXEC dbo.Transfer @p1, @p2", kindCall, "EXEC dbo", 0, ""},
		{"WITH moved AS (DELETE FROM queue WHERE id = $1 RETURNING *) INSERT INTO done SELECT * FROM moved", kindInsert, "INSERT INTO done", 0, ""},
		{"-- a comment; INSERT\n/* block */ INSERT INTO t (note) VALUES ('ON CONFLICT DO NOTHING')", kindInsert, "INSERT INTO t", 1, ""},
		// Idempotent.
		{"INSERT INTO orders (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", kindIdempotent, "INSERT INTO orders", 0, ""},
		{"INSERT INTO kv (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v", kindIdempotent, "INSERT INTO kv", 0, ""},
		{"INSERT INTO kv (k, v) VALUES (?, ?) ON DUPLICATE KEY UPDATE v = VALUES(v)", kindIdempotent, "INSERT INTO kv", 0, ""},
		{"INSERT IGNORE INTO kv (k) VALUES (?)", kindIdempotent, "INSERT INTO kv", 0, ""},
		{"INSERT OR REPLACE INTO kv (k) VALUES (?)", kindIdempotent, "INSERT INTO kv", 0, ""},
		{"INSERT INTO payments (req_id, amount) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM payments WHERE req_id = $1)", kindIdempotent, "INSERT INTO payments", 0, ""},
		{"UPDATE accounts SET balance = $1 WHERE id = $2", kindIdempotent, "UPDATE accounts", 0, ""},
		{"UPDATE docs SET body = $1, version = version + 1 WHERE id = $2 AND version = $3", kindIdempotent, "UPDATE docs", 0, "version"},
		{"UPDATE docs SET body = ?, version = ? WHERE id = ? AND version = ?", kindIdempotent, "UPDATE docs", 0, "version"},
		{"DELETE FROM sessions WHERE id = $1", kindIdempotent, "DELETE", 0, ""},
		{"UPSERT INTO kv (k, v) VALUES ($1, $2)", kindIdempotent, "UPSERT", 0, ""},
		// Neither.
		{"SELECT balance FROM accounts WHERE id = $1", kindRead, "", 0, ""},
		{"BEGIN", kindControl, "", 0, ""},
		{"CREATE TABLE t (id int)", kindUnknown, "", 0, ""},
		{"MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id)", kindUnknown, "", 0, ""},
		{"DO $$ BEGIN INSERT INTO t VALUES (1); END $$", kindUnknown, "", 0, ""},
		{"", kindUnknown, "", 0, ""},
	} {
		got := parseSQL(c.sql)
		if c.sql == "" {
			if len(got) != 0 {
				t.Errorf("%q: got %+v, want nothing", c.sql, got)
			}
			continue
		}
		var s stmt
		for _, g := range got {
			if g.nonIdempotent() || s.kind == kindUnknown {
				s = g
			}
		}
		if s.kind != c.kind || (c.what != "" && s.what != c.what) || s.rows != c.rows || s.cas != c.cas {
			t.Errorf("%q: got %+v, want kind %d what %q rows %d cas %q", c.sql, got, c.kind, c.what, c.rows, c.cas)
		}
	}
}

func TestParseSQLFlags(t *testing.T) {
	if s := parseSQL("ROLLBACK TO SAVEPOINT cockroach_restart"); len(s) != 1 || !s[0].rewind {
		t.Errorf("rewind not seen: %+v", s)
	}
	if s := parseSQL("ROLLBACK"); len(s) != 1 || s[0].rewind {
		t.Errorf("plain rollback taken for a rewind: %+v", s)
	}
	if s := parseSQL("CREATE TEMP TABLE staging (LIKE orders)"); len(s) != 1 || !s[0].temp {
		t.Errorf("temp table not seen: %+v", s)
	}
	if s := parseSQL("SAVEPOINT a; INSERT INTO t VALUES (1); RELEASE SAVEPOINT a"); len(s) != 3 || s[1].kind != kindInsert {
		t.Errorf("statements not split: %+v", s)
	}
	// Broken text must not panic.
	for _, bad := range []string{"INSERT", "UPDATE t SET", "WITH", "WITH x AS (", "'unterminated", "\"x", "$tag$ never closed", "/* open", "UPDATE t SET = 1 WHERE ="} {
		parseSQL(bad)
	}
}
