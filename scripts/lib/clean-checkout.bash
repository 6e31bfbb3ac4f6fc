# Sourced by the recording scripts and the gate, which measure a clean
# checkout of a commit, never the working tree.

# enter_clean_checkout REPOSITORY COMMIT DIRECTORY: changes into a clean
# checkout of COMMIT with bench built in release. scripts/publish hands one
# over, built once, in MODELSTOREBENCH_CHECKOUT; otherwise REPOSITORY is
# cloned into DIRECTORY.
enter_clean_checkout() {
    local repository=$1 commit=$2 directory=$3
    if [ -n "${MODELSTOREBENCH_CHECKOUT:-}" ]; then
        cd "$MODELSTOREBENCH_CHECKOUT"
        if [ "$(git rev-parse HEAD)" != "$commit" ] || [ -n "$(git status --porcelain -- Sources Package.swift)" ]; then
            echo "error: MODELSTOREBENCH_CHECKOUT is not a clean checkout of $commit" >&2
            exit 1
        fi
    else
        git clone -q --no-local "$repository" "$directory"
        git -C "$directory" checkout -q "$commit"
        cd "$directory"
    fi
    swift build -c release --product bench
}

# measured_commit FILE: the commit the results.json FILE was measured on,
# or nothing when it is missing or names none.
measured_commit() {
    [ -f "$1" ] && grep -m1 -o '"commit" : "[0-9a-f]*"' "$1" | cut -d'"' -f4 || true
}
