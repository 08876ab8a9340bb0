notice(Error[{ kind => 'K', foo => 'x' }])
