package gate

// Clearance is how much a caller may see, low to high: public, internal,
// operator, owner (decisions.md §2).
type Clearance string

// Clearances.
const (
	ClearancePublic   Clearance = "public"
	ClearanceInternal Clearance = "internal"
	ClearanceOperator Clearance = "operator"
	ClearanceOwner    Clearance = "owner"
)

func (c Clearance) rank() int {
	switch c {
	case ClearancePublic:
		return 0
	case ClearanceInternal:
		return 1
	case ClearanceOperator:
		return 2
	case ClearanceOwner:
		return 3
	}
	return -1
}

// Valid says whether c is one of the four clearances.
func (c Clearance) Valid() bool { return c.rank() >= 0 }

// AtLeast says whether c reaches min. An unknown clearance reaches nothing,
// and nothing reaches an unknown minimum: both fail closed.
func (c Clearance) AtLeast(min Clearance) bool {
	return c.rank() >= 0 && min.rank() >= 0 && c.rank() >= min.rank()
}
