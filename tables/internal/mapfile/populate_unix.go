//go:build unix && !linux

package mapfile

// populateFlag: MAP_POPULATE is Linux's; elsewhere pages come in as read.
const populateFlag = 0
