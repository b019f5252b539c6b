package gate

// Risk of an operation or custom definition (api-operations.md): read,
// write, physical, destructive, in rising order.
type Risk string

// Risks.
const (
	RiskRead        Risk = "read"
	RiskWrite       Risk = "write"
	RiskPhysical    Risk = "physical"
	RiskDestructive Risk = "destructive"
)

// Valid says whether r is one of the four risks.
func (r Risk) Valid() bool {
	return r == RiskRead || r == RiskWrite || r == RiskPhysical || r == RiskDestructive
}

// EffectiveRisk is the risk the gate judges: for ai, physical counts as
// destructive (decisions.md §3; Core §6.2 rule 1). An unknown risk counts as
// destructive, so a mistake in a definition fails closed.
func EffectiveRisk(r Risk, k Kind) Risk {
	if !r.Valid() {
		return RiskDestructive
	}
	if k == KindAI && r == RiskPhysical {
		return RiskDestructive
	}
	return r
}

// Mode follows from the autonomy level (Core §7.4 rule 1).
type Mode string

// Modes.
const (
	ModeObserve Mode = "observe"
	ModeSuggest Mode = "suggest"
	ModeAct     Mode = "act"
)

// ModeForLevel maps a level to its mode: 0–1 observe, 2 suggest, 3–5 act.
// A level below 0 is observe; above 5 is act (levels are bounded elsewhere).
func ModeForLevel(level int) Mode {
	switch {
	case level <= 1:
		return ModeObserve
	case level == 2:
		return ModeSuggest
	}
	return ModeAct
}
