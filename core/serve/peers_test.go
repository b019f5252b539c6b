package serve

import (
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A message's recipient is sent as the device's peer id, read just now,
// when the person names the peer by its name; anything else is sent as
// stated, for the device to judge.
func TestServe_MessageRecipientIsThePeerNamed(t *testing.T) {
	peers := api.JSON(200, map[string]any{"peers": []any{
		map[string]any{"id": "acme-ps-0002", "name": "Pump station 2"},
		map[string]any{"id": "acme-ps-0003", "name": "Pump station 3"},
		map[string]any{"id": "acme-gw-01", "name": "Site gateway"},
	}})
	for _, c := range []struct {
		text, stated, sent, claim string
	}{
		{"send a message to pump station 2: tank is full", "2", "acme-ps-0002", "system-state"},
		{"tell station 3 that we drain at six: draining at six", "3", "acme-ps-0003", "system-state"},
		{"message the site gateway: link test", "gateway", "acme-gw-01", "system-state"},
		{"send acme-ps-0002 a note: tank is full", "acme-ps-0002", "acme-ps-0002", "stated"},
		{"send a message to station 9: tank is full", "9", "9", "stated"},                 // no such peer: the device says so
		{"send a message to pump station 2 and pump station 3: full", "2", "2", "stated"}, // two named: not chosen for them
	} {
		t.Run(c.text, func(t *testing.T) {
			dev := newFake()
			dev.answers["GET /heart/v1/peers"] = peers
			u := match("postMessage", 0.9, map[string]any{"to": c.stated, "text": "tank is full"}, map[string]string{"to": "stated", "text": "stated"})
			out := serveText(t, env(t, dev, u), owner, c.text)
			require.NotNil(t, out.Intent, out.Answer)
			assert.Equal(t, c.sent, out.Intent.Arguments["to"])
			assert.Equal(t, c.claim, out.Intent.Grounding["to"])
		})
	}
}
