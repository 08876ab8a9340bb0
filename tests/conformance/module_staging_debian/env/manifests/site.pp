include staging
