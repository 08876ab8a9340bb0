notice(Timespan())
