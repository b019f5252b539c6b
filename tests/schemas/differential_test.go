package schemas_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decoders maps every example folder to the generated type its documents
// decode into. A folder without an entry fails the test, so a new schema
// cannot skip the comparison.
var decoders = map[string]func([]byte) error{
	"action":                         decodeAs[schema.Action],
	"action.decision":                decodeAs[schema.Decision],
	"alert":                          decodeAs[schema.Alert],
	"alert.raiseRequest":             decodeAs[schema.RaiseRequest],
	"api-index":                      decodeAs[schema.APIIndex],
	"card":                           decodeAs[schema.Card],
	"common.changeEnvelope":          decodeAs[schema.ChangeEnvelope],
	"common.check":                   decodeAs[schema.Check],
	"common.digestInput":             decodeAs[schema.DigestInput],
	"common.feature":                 decodeAs[schema.Feature],
	"common.undoIf":                  decodeAs[schema.UndoIf],
	"consultation":                   decodeAs[schema.Consultation],
	"control":                        decodeAs[schema.Control],
	"control.autonomyRequest":        decodeAs[schema.AutonomyRequest],
	"definition":                     decodeAs[schema.Definition],
	"intent":                         decodeAs[schema.Intent],
	"lease":                          decodeAs[schema.Lease],
	"lease.leasePutRequest":          decodeAs[schema.LeasePutRequest],
	"problem":                        decodeAs[schema.Problem],
	"proposal":                       decodeAs[schema.Proposal],
	"proposal.proposalDelivery":      decodeAs[schema.ProposalDelivery],
	"pulse":                          decodeAs[schema.Pulse],
	"rule":                           decodeAs[schema.Rule],
	"rule.rulePutRequest":            decodeAs[schema.RulePutRequest],
	"schedule":                       decodeAs[schema.Schedule],
	"schedule.schedulePostRequest":   decodeAs[schema.SchedulePostRequest],
	"serve":                          decodeAs[schema.ServeResponse],
	"serve.serveRequest":             decodeAs[schema.ServeRequest],
	"trial":                          decodeAs[schema.Trial],
	"understanding-cases":            decodeAs[schema.UnderstandingCases],
	"understanding-cases.runSummary": decodeAs[schema.RunSummary],
}

func decodeAs[T any](data []byte) error {
	var v T
	return schema.Decode(data, &v)
}

// knownGaps lists documents on which the generated types and santhosh-tekuri
// may disagree, with the reason. Keep it empty unless a gap cannot be closed
// in the schema or in core/schema/extra.go.
var knownGaps = map[string]string{}

// fieldPath turns a JSON Pointer ("/undoIf/any/0") into the path Decode
// names in Problem.Field ("undoIf.any[0]").
func fieldPath(pointer string) string {
	var b strings.Builder
	for _, seg := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		if seg == "" {
			continue
		}
		if strings.Trim(seg, "0123456789") == "" {
			b.WriteString("[" + seg + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteString(".")
		}
		b.WriteString(seg)
	}
	return b.String()
}

// TestGeneratedTypes_AgreeWithSanthoshOnEveryExample is the differential test
// of decisions.md §1: the runtime's generated validation and the reference
// validator must accept and refuse the same documents, and a refusal must be
// a 400 invalid-request naming a field inside the stated failing location.
func TestGeneratedTypes_AgreeWithSanthoshOnEveryExample(t *testing.T) {
	c := newCompiler(t)
	examples := loadExamples(t)
	agreed := 0
	for _, ex := range examples {
		t.Run(ex.Dir+"/"+ex.Name, func(t *testing.T) {
			decode, ok := decoders[ex.Dir]
			require.True(t, ok, "no generated type registered for folder %s", ex.Dir)
			oracle := validateWithOracle(t, c, ex.Dir, ex.Data)
			got := decode(ex.Data)
			if gap, ok := knownGaps[ex.Dir+"/"+ex.Name]; ok {
				t.Logf("known gap: %s", gap)
				return
			}
			require.Equal(t, oracle == nil, got == nil, "santhosh-tekuri: %v\ngenerated: %v", oracle, got)
			agreed++
			if got == nil {
				return
			}
			var p *api.Problem
			require.True(t, errors.As(got, &p), "Decode must return an *api.Problem, got %T", got)
			assert.Equal(t, 400, p.Status)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
			want := fieldPath(ex.Reason.At)
			assert.True(t, strings.HasPrefix(p.Field, want), "Field %q is not inside %q (%s)", p.Field, want, p.Detail)
		})
	}
	t.Logf("generated types and santhosh-tekuri agreed on %d of %d example documents", agreed, len(examples))
}
