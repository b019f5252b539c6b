package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/explain"
)

// in is u read as a request in lang.
func in(lang string, u Understanding) Understanding {
	u.Lang = lang
	return u
}

// An answer is wholly in the request's language: an Index operation's title
// comes from the language's titles, not the English summary; a product
// command's title is the device's own.
func TestServe_AnswerCarriesTheTitleInTheRequestsLanguage(t *testing.T) {
	t.Run("French pending", func(t *testing.T) {
		dev := newFake()
		out := serveText(t, env(t, dev, in("fr", match("postSystemRestart", 0.9, nil, nil))), owner, "redémarre le système")
		require.Equal(t, PendingApproval, out.Outcome, out.Answer)
		assert.Equal(t, "J'ai demandé à l'appareil d'exécuter « redémarrer le système maintenant », dès que ce sera approuvé. Cela n'aura pas lieu tant qu'une personne ne l'aura pas approuvé (Action "+out.ActionID+").", out.Answer)
	})
	t.Run("German read", func(t *testing.T) {
		dev := newFake()
		dev.answers["GET /heart/v1/time"] = api.JSON(200, map[string]any{"time": "2026-11-30T10:00:00Z", "synced": true})
		out := serveText(t, env(t, dev, in("de", match("getTime", 0.9, nil, nil))), viewer, "Wie spät ist es auf der Anlage?")
		require.Equal(t, Done, out.Outcome, out.Answer)
		assert.Equal(t, "Systemuhr anzeigen und ob sie synchronisiert ist: synced on, time 2026-11-30T10:00:00Z.", out.Answer)
	})
	t.Run("German refusal keeps the nouns' capital", func(t *testing.T) {
		dev := newFake()
		out := serveText(t, env(t, dev, in("de", match("postSystemRestart", 0.9, nil, nil))), viewer, "Starte das System neu")
		require.Equal(t, Refused, out.Outcome, out.Answer)
		assert.Contains(t, out.Answer, "„System jetzt neu starten“")
	})
	t.Run("Spanish schedule", func(t *testing.T) {
		dev := newFake()
		u := in("es", match("postSystemRestart", 0.9, nil, nil))
		u.When = &When{At: t0.Add(12 * time.Hour), Text: "esta noche a las 22"}
		out := serveText(t, env(t, dev, u), owner, "reinicia el sistema esta noche a las 22")
		require.Equal(t, PendingApproval, out.Outcome, out.Answer)
		assert.Contains(t, out.Answer, "programe «reiniciar el sistema ahora»")
	})
	t.Run("a product command stays as the device says it", func(t *testing.T) {
		dev := newFake()
		out := serveText(t, env(t, dev, in("fr", match("com.acme.tank.fill", 0.9, map[string]any{"targetPercent": 80.0}, map[string]string{"targetPercent": Stated}))), operator, "remplis la cuve à 80")
		require.Equal(t, PendingApproval, out.Outcome, out.Answer)
		assert.Contains(t, out.Answer, "« fill the tank » (targetPercent: 80%)")
	})
	t.Run("English stays the Index summary", func(t *testing.T) {
		dev := newFake()
		out := serveText(t, env(t, dev, match("postSystemRestart", 0.9, nil, nil)), owner, "restart the system")
		assert.Contains(t, out.Answer, "I have asked the device to restart the system now,")
	})
}

// ownedDevice serves the Valve and the Core's updates itself, as the Core's
// ownFirst does: their refusals are the Core's.
type ownedDevice struct{ *fakeDevice }

func (ownedDevice) Owns(_, target string) bool {
	return strings.HasPrefix(target, "/heart/v1/valve") || strings.HasPrefix(target, "/heart/v1/core/")
}

// The Core's own refusal is said in the request's language; the API's own
// detail is English (templates.json coreDetails), and a device's words stay
// as they are.
func TestServe_TheCoresOwnRefusalInTheRequestsLanguage(t *testing.T) {
	tmpl := explain.Load()
	cases := []struct {
		lang, target, path, key, want string
	}{
		{"fr", "putValve", "PUT /heart/v1/valve", "valve-needs-person",
			"Je ne peux pas exécuter « modifier les données qui peuvent quitter le système » : c'est une personne disposant de heart.admin qui modifie les données pouvant quitter le système, via PUT /heart/v1/valve ; le Core ne peut pas mettre les modifications de la Valve en attente d'approbation, il ne peut donc pas en faire au nom de quelqu'un."},
		{"de", "postCoreUpdateRollback", "POST /heart/v1/core/updates/rollback", "no-earlier-package",
			"Ich kann „Wissen des Cores auf das vorherige Paket zurücksetzen“ nicht ausführen: Der Core hat nur seine eingebauten Wissenspakete installiert; es gibt kein früheres Paket, zu dem er zurückkehren könnte."},
		{"es", "postCoreUpdateRollback", "POST /heart/v1/core/updates/rollback", "no-earlier-package",
			"No puedo ejecutar «devolver el conocimiento del Core al paquete anterior»: el Core solo tiene instalados sus paquetes de conocimiento integrados; no hay ningún paquete anterior al que volver."},
		{"en", "putValve", "PUT /heart/v1/valve", "valve-needs-person",
			"I cannot change what data may leave the system: " + tmpl.CoreDetail("valve-needs-person")},
	}
	for _, tc := range cases {
		t.Run(tc.lang+" "+tc.target, func(t *testing.T) {
			dev := newFake()
			dev.answers[tc.path] = api.NewProblem(409, api.CodeConflict, tmpl.CoreDetail(tc.key)).Response()
			e := env(t, dev, in(tc.lang, match(tc.target, 0.9, nil, nil)))
			e.Device = ownedDevice{dev}
			out := serveText(t, e, owner, "—")
			require.Equal(t, Refused, out.Outcome, out.Answer)
			assert.Equal(t, ReasonCore, out.Reason)
			assert.Equal(t, tc.want, out.Answer)
		})
	}
	t.Run("the device's words stay", func(t *testing.T) {
		dev := newFake()
		dev.answers["POST /heart/v1/updates/rollback"] = api.NewProblem(409, api.CodeConflict, tmpl.CoreDetail("no-earlier-package")).Response()
		e := env(t, dev, in("fr", match("postUpdateRollback", 0.9, nil, nil)))
		e.Device = ownedDevice{dev}
		out := serveText(t, e, owner, "annule la dernière mise à jour")
		require.Equal(t, Refused, out.Outcome, out.Answer)
		assert.Equal(t, ReasonDevice, out.Reason)
		assert.Contains(t, out.Answer, tmpl.CoreDetail("no-earlier-package"), "not the Core's: not translated")
	})
}
