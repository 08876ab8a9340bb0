# A module file (not the main manifest) may define only names that start with its
# namespace, app::base here: app::basement passes (a string prefix), app::other fails.
include app
