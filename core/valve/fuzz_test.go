package valve

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/schemas"
)

// Any PUT body: Parse never panics, refuses with a 400 or 422 problem, and
// a document it accepts round-trips, passes the contract's schema and is
// what a Valve then holds.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{"rules":[{"data":"*","destination":"*","allow":false}]}`,
		`{"rules":[]}`,
		`{"rules":[{"data":"pump.flow","privacy":"public","destination":"cloud","allow":true},{"data":"*","privacy":"never-share","destination":"*","allow":false}]}`,
		`{"rules":[{"data":"*","privacy":"never-share","destination":"cloud","allow":true}]}`,
		`{"rules":[{"data":"*","destination":"*","allow":true},{"data":"*","destination":"*","allow":false}]}`,
		`{"rules":[{"data":"\u00fc\ud800","destination":"x","allow":null}]}`,
		`{"rules":null}`, `{}`, `[]`, ``, `{"rules":[7]}`, `{"rules":[{"data":"*","destination":"*","allow":false,"x":1}]}`,
	} {
		f.Add([]byte(seed))
	}
	schema, err := schemas.Compile("resources.schema.json#/$defs/Valve")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		d, err := Parse(body)
		if err != nil {
			var p *api.Problem
			if !errors.As(err, &p) || (p.Status != 400 && p.Status != 422) || p.Code != api.CodeInvalidRequest || p.Detail == "" {
				t.Fatalf("refusal is not a 400/422 invalid-request problem: %v", err)
			}
			return
		}
		raw, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(raw)
		if err != nil || !reflect.DeepEqual(again, d) {
			t.Fatalf("no round trip: %s gave %v, %v", raw, again, err)
		}
		if err := schemas.Check(schema, d); err != nil {
			t.Fatalf("accepted %s, which the contract refuses: %v", raw, err)
		}
		v := New(func() time.Time { return start })
		if err := v.Set(d); err != nil || !reflect.DeepEqual(v.Document(), d) {
			t.Fatalf("Set refused or changed an accepted document: %v", err)
		}
	})
}
