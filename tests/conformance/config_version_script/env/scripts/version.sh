#!/bin/sh
# Prints the catalog version (run by Puppet with no arguments).
echo "  release-42 $#"
