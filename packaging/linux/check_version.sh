#!/usr/bin/env bash
# Release workflow: the pushed tag (GITHUB_REF_NAME, or the argument) must be v + pyproject's version,
# so that the installers' names and metadata match the release they are attached to.
#
#   bash packaging/linux/check_version.sh [TAG]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TAG="${1:-${GITHUB_REF_NAME:-}}"
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -1)"
if [ -z "$TAG" ] || [ "${GITHUB_REF_TYPE:-tag}" != tag ]; then
    echo "release: not a tag (${TAG:-none}): version $VERSION, nothing to compare"
    exit 0
fi
if [ "$TAG" != "v$VERSION" ]; then
    echo "release: tag $TAG does not match pyproject.toml's version $VERSION (expected v$VERSION)" >&2
    exit 1
fi
echo "release: tag $TAG = version $VERSION"
