# exported collector
File <<| |>>
