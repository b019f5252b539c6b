// Package sysmap builds the System Map of HEART Core §4.2: what this system
// can do. It reads the device's Card, modules, custom definitions, properties
// and components through the API (Rule 1, one door), filters the API Index to
// the operations that exist here, and adds the product's commands and the
// entities requests can name. Revision changes whenever any of that changes,
// so the Core can rebuild at once and report mapRevision.
package sysmap
