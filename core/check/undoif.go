package check

import "github.com/heart-core/heart-web/core/api"

// Severities of alerts, low to high (decisions.md §3).
var Severities = []string{"info", "warning", "major", "critical"}

// UndoIf says when a Trial is undone (§7.3): any of the checks holds, or an
// alert of at least NewAlert's severity is raised. Either part may be absent,
// not both: a change that cannot be checked cannot be trusted.
type UndoIf struct {
	Any      []Check `json:"any,omitempty"`
	NewAlert string  `json:"newAlert,omitempty"`
}

// Validate refuses an empty undoIf, an unknown severity and any bad check.
func (u UndoIf) Validate() error {
	if len(u.Any) == 0 && u.NewAlert == "" {
		return api.NewProblem(400, api.CodeInvalidRequest, "undoIf needs checks (any), an alert severity (newAlert), or both.").WithField("undoIf")
	}
	if u.NewAlert != "" && SeverityRank(u.NewAlert) < 0 {
		return api.Problemf(400, api.CodeInvalidRequest, "newAlert must be one of info, warning, major, critical; %q is not.", u.NewAlert).WithField("undoIf.newAlert")
	}
	for _, c := range u.Any {
		if err := c.Validate(); err != nil {
			if p, ok := err.(*api.Problem); ok {
				p.Field = "undoIf.any." + p.Field
			}
			return err
		}
	}
	return nil
}

// SeverityRank is the position of s in Severities, or -1 when unknown.
func SeverityRank(s string) int {
	for i, k := range Severities {
		if k == s {
			return i
		}
	}
	return -1
}

// AlertTriggers says whether an alert of severity s reaches NewAlert.
func (u UndoIf) AlertTriggers(s string) bool {
	if u.NewAlert == "" {
		return false
	}
	r := SeverityRank(s)
	return r >= 0 && r >= SeverityRank(u.NewAlert)
}
