include tdc
