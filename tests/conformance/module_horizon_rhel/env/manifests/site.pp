include horizon
