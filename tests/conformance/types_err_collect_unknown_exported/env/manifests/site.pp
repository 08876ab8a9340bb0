Frobnicate <<| |>>
