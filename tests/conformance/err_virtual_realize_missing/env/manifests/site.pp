realize(Notify['nowhere'])
