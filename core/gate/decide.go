package gate

import "github.com/heart-core/heart-web/core/api"

// Decision is what the gate does with an Action.
type Decision string

// Decisions.
const (
	Run    Decision = "run"
	Wait   Decision = "wait"
	Refuse Decision = "refuse"
)

// Input is everything the gate looks at. Risk is the declared risk of the
// target (the Index or the definition); Decide applies EffectiveRisk itself.
// AllowlistMatch says an allowlist entry matched (Matches); AdoptedPhysical
// says the calling Playbook was adopted with adoptedPhysical: true.
// FromServe marks an Action asked for through /serve: it is ai whatever
// Initiator says (§6.2 rule 1) and never uses the allowlist.
type Input struct {
	Risk            Risk
	Initiator       Kind
	Level           int
	FromServe       bool
	AllowlistMatch  bool
	AdoptedPhysical bool
}

// Verdict is the gate's answer. When Decision is Wait, ApproverNeedsAdmin
// says the approver must hold heart.admin besides the target's scope (a
// destructive target, decisions.md §2). When it is Refuse, Problem is the
// error to answer with. Reason says why, in plain language.
type Verdict struct {
	Decision           Decision
	ApproverNeedsAdmin bool
	Problem            *api.Problem
	Reason             string
}

// Decide applies the mode rule (Core §7.4 rule 1) and then the table of
// decisions.md §3, cell by cell. Reads run for everyone in every mode.
func Decide(in Input) Verdict {
	kind := in.Initiator
	if in.FromServe {
		kind = KindAI // §6.2 rule 1: everything from /serve is ai
	}
	if !kind.Valid() {
		return refuse(403, api.CodeCallerNotAllowed, "The caller's kind is not known, so nothing it asks for runs.")
	}
	declared := in.Risk
	if !declared.Valid() {
		declared = RiskDestructive // fail closed
	}
	risk := EffectiveRisk(declared, kind)
	if risk == RiskRead {
		return Verdict{Decision: Run, Reason: "Reading changes nothing, so it runs."}
	}
	needsAdmin := declared == RiskDestructive
	allow := in.AllowlistMatch && !in.FromServe // §3: /serve never uses the allowlist

	if kind != KindHuman {
		switch ModeForLevel(in.Level) {
		case ModeObserve:
			return refuse(409, api.CodeAutonomyStopped, "Automatic actions are stopped (mode observe), so a change asked for by "+string(kind)+" is refused; a person can still do it directly.")
		case ModeSuggest:
			return wait(needsAdmin, "In mode suggest every change asked for by "+string(kind)+" waits for a person.")
		}
	}

	switch kind {
	case KindHuman:
		if declared == RiskDestructive {
			return wait(true, "This cannot be undone, so it waits for confirmation by a person with heart.admin.")
		}
		return Verdict{Decision: Run, Reason: "A person asked for it directly, so it runs."}
	case KindAI:
		if in.FromServe {
			return wait(needsAdmin, "A change asked for in plain language always waits for a person to confirm it.")
		}
		if risk == RiskWrite {
			if allow && in.Level == 5 {
				return Verdict{Decision: Run, Reason: "The allowlist lets ai make this change at autonomy level 5."}
			}
			if allow {
				return wait(needsAdmin, "The allowlist matches, but ai may use it only at autonomy level 5, so a person approves.")
			}
			return wait(needsAdmin, "A change asked for by ai waits for a person.")
		}
		if declared == RiskPhysical {
			return wait(needsAdmin, "A physical change asked for by ai always waits for a person.")
		}
		return wait(needsAdmin, "A change that cannot be undone, asked for by ai, always waits for a person.")
	case KindRule:
		if risk != RiskWrite && !in.AdoptedPhysical {
			return refuse(403, api.CodeCallerNotAllowed, "This Playbook was not adopted for physical changes (adoptedPhysical), so it may not make one.")
		}
		if allow {
			return Verdict{Decision: Run, Reason: "The allowlist entry for rule matches, so the Playbook's change runs."}
		}
		return wait(needsAdmin, "No allowlist entry for rule matches this change, so it waits for a person.")
	default: // peer
		if risk == RiskWrite && allow {
			return Verdict{Decision: Run, Reason: "The allowlist entry for peer matches, so it runs."}
		}
		if risk == RiskWrite {
			return wait(needsAdmin, "A change asked for by a peer waits for a person unless the allowlist lets it run.")
		}
		return wait(needsAdmin, "A "+string(declared)+" change asked for by a peer always waits for a person.")
	}
}

func wait(needsAdmin bool, reason string) Verdict {
	return Verdict{Decision: Wait, ApproverNeedsAdmin: needsAdmin, Reason: reason}
}

func refuse(status int, code, reason string) Verdict {
	return Verdict{Decision: Refuse, Problem: api.NewProblem(status, code, reason), Reason: reason}
}
