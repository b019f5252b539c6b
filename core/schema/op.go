package schema

// The check operators of §7.3. go-jsonschema cannot name enum values made of
// symbols, so it generates only OpUndefined ("<"); these names are the ones
// to use.
const (
	OpLT Op = "<"
	OpLE Op = "<="
	OpGT Op = ">"
	OpGE Op = ">="
	OpEQ Op = "=="
	OpNE Op = "!="
)
