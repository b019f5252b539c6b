package explain

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// GET /brain is answered as the brain's state, never as its list of held
// requests, in every language.
func TestReadAnswer_BrainStatus(t *testing.T) {
	decode := func(s string) map[string]any {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(s), &m))
		return m
	}
	brainless := decode(`{"brainless": true, "lease": null, "requests": []}`)
	cut := decode(`{"brainless": true, "lease": null, "cut": {"why": "signal"}, "requests": []}`)
	held := decode(`{"brainless": false, "lease": {"model": "acme-brain-1", "uses": ["propose", "explain"], "remainingSec": 1790}, "requests": []}`)
	en := Load().For("en")
	assert.Equal(t, "The Core is brainless: no brain lease is held, so it answers from Recall, Playbooks and rules alone.", en.ReadAnswer(plain("x"), brainless))
	assert.Equal(t, "The Core is brainless: no brain lease is held, so it answers from Recall, Playbooks and rules alone. The brain was cut (signal) and stays out until the owner approves a restore.", en.ReadAnswer(plain("x"), cut))
	assert.Equal(t, "A brain lease is held: model acme-brain-1, for propose, explain, with 30 min left.", en.ReadAnswer(plain("x"), held))
	for lang, set := range Load() {
		for _, s := range []map[string]any{brainless, cut, held} {
			got := set.ReadAnswer(plain("x"), s)
			assert.NotContains(t, got, "{", lang)
			assert.NotEqual(t, set.ReadAnswer(plain("x"), map[string]any{"requests": []any{}}), got, lang)
		}
	}
}
