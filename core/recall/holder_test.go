package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A request for a new credential names its holder after "for" or by a
// naming word; the holder's words are the name, not an errand, and a
// request that creates nothing names no one.
func TestResolve_TheHolderOfANewTokenIsItsName(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, name string
	}{
		{"en", "create a read-only token for the fire brigade liaison", "fire-brigade-liaison"},
		{"en", "Create a read-only token for the QA laptop, call it qa-laptop.", "qa-laptop"},
		{"en", "create a token for the night shift with write access", "night-shift"},
		{"de", "neuen Token für den Nachtschicht-Operator anlegen", "nachtschicht-operator"},
		{"de", "Leg einen neuen Zugangstoken für das Leitsystem an, nur mit Lesezugriff", "leitsystem"},
		{"fr", "Crée un nouveau jeton d'accès pour le prestataire de maintenance.", "prestataire-de-maintenance"},
		{"es", "Crea un token nuevo para el técnico externo de la bomba.", "técnico-externo"},
		{"de", "VPN-Zugang für den neuen Kollegen im Büro einrichten", ""},
		{"de", "Wer hat den Schlüssel für den Pausenraum?", ""},
		{"en", "Please list the access tokens issued. Thanks for keeping things running.", ""},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		r := x.Resolve(c.text, ctx)
		got := ""
		for _, cand := range r.Shortlist {
			if cand.Target == "postToken" && r.Decision != DecisionNone {
				got, _ = cand.Args["name"].(string)
				break
			}
		}
		assert.Equal(t, c.name, got, c.text)
	}
}

// A token's rights default to reading only; a request that speaks of
// other rights is asked which, never given the default.
func TestResolve_RightsBeyondReadingAreAskedFor(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		text     string
		defaults bool
	}{
		{"create a read-only token for the contractor", true},
		{"create a token with operate rights for Juan", false},
		{"create a token for the night shift with write access", false},
		{"create a token for the gateway with admin rights", false},
	} {
		r := x.Resolve(c.text, testCtx())
		if !assert.NotEmpty(t, r.Shortlist, c.text) {
			continue
		}
		top := r.Shortlist[0]
		assert.Equal(t, "postToken", top.Target, c.text)
		_, has := top.Args["scopes"]
		assert.Equal(t, c.defaults, has, c.text)
		assert.Equal(t, !c.defaults, containsStr(top.Missing, "scopes"), c.text)
	}
}
