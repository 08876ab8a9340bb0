# notice notice 1 is notice(notice) followed by 1
notice notice 1
