package gate

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The vectors were computed once by hand: the canonical JSON written out
// below, hashed with sha256sum, outside this code.
func TestDigest_KnownVectors(t *testing.T) {
	cases := []struct {
		name, canonical, want string
		in                    DigestInput
	}{
		{
			name:      "Arguments",
			canonical: `{"arguments":{"litresPerMin":40},"initiator":"ai","onBehalfOf":"operator","target":"com.acme.pump.set_flow"}`,
			want:      "58f7dd41a5e600d0dbc21cfb72a2dc3bb797667873c0fc2398faebf05c7b05d4",
			in:        DigestInput{Target: "com.acme.pump.set_flow", Arguments: map[string]any{"litresPerMin": 40.0}, Initiator: "ai", OnBehalfOf: "operator"},
		},
		{
			name:      "PlanAndRestore",
			canonical: `{"initiator":"ai","plan":[{"arguments":{"ramp_rate":1.8},"waitSec":600},{"arguments":{"ramp_rate":1.6},"waitSec":0}],"restore":{"ramp_rate":2},"target":"com.acme.pump.set_ramp_rate"}`,
			want:      "9435d643cd2d946a2e833dad3d693b2a03157d3198844be21928eb43afc5ded5",
			in: DigestInput{Target: "com.acme.pump.set_ramp_rate", Initiator: "ai",
				Plan:    []PlanStep{{Arguments: map[string]any{"ramp_rate": 1.8}, WaitSec: 600}, {Arguments: map[string]any{"ramp_rate": 1.6}}},
				Restore: map[string]any{"ramp_rate": 2.0}},
		},
		{
			name:      "NoArguments_EmptyObject",
			canonical: `{"arguments":{},"initiator":"human","target":"com.acme.pump.start"}`,
			want:      "a1a53223d43e1a1dc2ce856998d1a41289aa11701155059b5a0127244af068aa",
			in:        DigestInput{Target: "com.acme.pump.start", Initiator: "human"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := canonical(c.in.normal())
			require.NoError(t, err)
			assert.Equal(t, c.canonical, string(got))
			d, err := Digest(c.in)
			require.NoError(t, err)
			assert.Equal(t, c.want, d)
		})
	}
}

func TestDigest_NumberSpelling_SameDigest(t *testing.T) {
	forms := []string{`40`, `40.0`, `4e1`, `40.000`, `4.0E1`}
	var first string
	for _, f := range forms {
		var args map[string]any
		d := json.NewDecoder(stringsReader(`{"litresPerMin":` + f + `}`))
		d.UseNumber()
		require.NoError(t, d.Decode(&args))
		got, err := Digest(DigestInput{Target: "com.acme.pump.set_flow", Arguments: args, Initiator: "ai"})
		require.NoError(t, err)
		if first == "" {
			first = got
		}
		assert.Equal(t, first, got, "spelling %s", f)
	}
	plain, err := Digest(DigestInput{Target: "com.acme.pump.set_flow", Arguments: map[string]any{"litresPerMin": 40}, Initiator: "ai"})
	require.NoError(t, err)
	assert.Equal(t, first, plain, "an int and a json.Number 40.0 digest alike")
}

func TestDigest_KeyOrder_Independent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOfNDistinct(rapid.StringMatching(`[a-zA-Z_]{1,8}`), 1, 6, rapid.ID[string]).Draw(t, "keys")
		vals := rapid.SliceOfN(rapid.Float64Range(-1e6, 1e6), len(keys), len(keys)).Draw(t, "vals")
		perm := rapid.Permutation(keys).Draw(t, "perm")
		// Build the same object twice as JSON text with different member order.
		text := func(order []string) string {
			s := "{"
			for i, k := range order {
				if i > 0 {
					s += ","
				}
				idx := 0
				for j, kk := range keys {
					if kk == k {
						idx = j
					}
				}
				b, _ := json.Marshal(vals[idx])
				s += `"` + k + `":` + string(b)
			}
			return s + "}"
		}
		var a, b map[string]any
		for _, p := range []struct {
			s string
			m *map[string]any
		}{{text(keys), &a}, {text(perm), &b}} {
			d := json.NewDecoder(stringsReader(p.s))
			d.UseNumber()
			if err := d.Decode(p.m); err != nil {
				t.Fatal(err)
			}
		}
		da, err := Digest(DigestInput{Target: "t", Arguments: a})
		if err != nil {
			t.Fatal(err)
		}
		db, _ := Digest(DigestInput{Target: "t", Arguments: b})
		if da != db {
			t.Fatalf("key order changed the digest: %s vs %s", text(keys), text(perm))
		}
	})
}

func TestDigest_AnyChange_ChangesDigest(t *testing.T) {
	base := DigestInput{Target: "com.acme.pump.set_flow", Arguments: map[string]any{"litresPerMin": 40.0}, Initiator: "ai", OnBehalfOf: "operator"}
	d0, err := Digest(base)
	require.NoError(t, err)
	variants := map[string]DigestInput{
		"Target":     {Target: "com.acme.pump.set_ramp_rate", Arguments: base.Arguments, Initiator: "ai", OnBehalfOf: "operator"},
		"Value":      {Target: base.Target, Arguments: map[string]any{"litresPerMin": 41.0}, Initiator: "ai", OnBehalfOf: "operator"},
		"Initiator":  {Target: base.Target, Arguments: base.Arguments, Initiator: "human", OnBehalfOf: "operator"},
		"OnBehalfOf": {Target: base.Target, Arguments: base.Arguments, Initiator: "ai", OnBehalfOf: "owner"},
		"Restore":    {Target: base.Target, Arguments: base.Arguments, Initiator: "ai", OnBehalfOf: "operator", Restore: map[string]any{"litresPerMin": 30.0}},
	}
	for name, v := range variants {
		t.Run(name, func(t *testing.T) {
			d, err := Digest(v)
			require.NoError(t, err)
			assert.NotEqual(t, d0, d)
			assert.Len(t, d, 64)
		})
	}
}

func TestDigest_NotJSON_Refused400(t *testing.T) {
	_, err := Digest(DigestInput{Target: "t", Arguments: map[string]any{"x": make(chan int)}})
	requireProblem(t, err, 400, "invalid-request")
}

// FuzzDigest: any JSON object given as arguments digests without panicking,
// and re-encoding it (another key order and spelling) keeps the digest.
func FuzzDigest(f *testing.F) {
	f.Add(`{"a":1,"b":[1,2,{"c":"x"}]}`)
	f.Add(`{"litresPerMin":40.0}`)
	f.Add(`{"é":1e300,"\u0000":null}`)
	f.Fuzz(func(t *testing.T, s string) {
		var args map[string]any
		d := json.NewDecoder(stringsReader(s))
		d.UseNumber()
		if d.Decode(&args) != nil {
			return
		}
		d1, err := Digest(DigestInput{Target: "t", Arguments: args})
		if err != nil {
			return
		}
		again, err := json.MarshalIndent(args, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		var args2 map[string]any
		if err := json.Unmarshal(again, &args2); err != nil {
			t.Fatal(err)
		}
		d2, err := Digest(DigestInput{Target: "t", Arguments: args2})
		if err != nil {
			t.Fatalf("re-encoded arguments failed: %v", err)
		}
		if d1 != d2 {
			t.Fatalf("digest changed on re-encoding %q", s)
		}
	})
}

func TestDigest_NilAndEmptyArguments_SameDigest(t *testing.T) {
	a, err := Digest(DigestInput{Target: "com.acme.pump.start"})
	require.NoError(t, err)
	b, err := Digest(DigestInput{Target: "com.acme.pump.start", Arguments: map[string]any{}})
	require.NoError(t, err)
	assert.Equal(t, a, b)
}

func TestDigest_PlanIgnoresStrayArguments(t *testing.T) {
	plan := []PlanStep{{Arguments: map[string]any{"x": 1}}}
	a, err := Digest(DigestInput{Target: "t", Plan: plan, Restore: map[string]any{"x": 0}})
	require.NoError(t, err)
	b, err := Digest(DigestInput{Target: "t", Plan: plan, Restore: map[string]any{"x": 0}, Arguments: map[string]any{"x": 9}})
	require.NoError(t, err)
	assert.Equal(t, a, b, "digestInput holds arguments or a plan, never both")
}
